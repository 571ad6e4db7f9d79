import { operator } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { nextPhotoOrder } from '../../src/media/photoRules.ts';

const { MAX_PHOTO_ORDER } = operator;

describe("a new photo's order", () => {
  it('follows the last photo up to the cap', () => {
    expect(nextPhotoOrder([MAX_PHOTO_ORDER - 2, 0])).toBe(MAX_PHOTO_ORDER - 1);
    expect(nextPhotoOrder([MAX_PHOTO_ORDER - 1])).toBe(MAX_PHOTO_ORDER);
  });

  it("from the cap on takes the last photo's order, which it follows by its newer id, and never leaves the column's range", () => {
    expect(nextPhotoOrder([3, MAX_PHOTO_ORDER])).toBe(MAX_PHOTO_ORDER);
    // A larger order stored before the cap, up to the column's largest number.
    expect(nextPhotoOrder([0, 2_147_483_647])).toBe(2_147_483_647);
  });
});
