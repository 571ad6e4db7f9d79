import { describe, expect, it } from 'vitest';
import { movedItems } from '../../src/console/movedItems.ts';

describe('movedItems', () => {
  it('swaps an entry with its neighbour, leaving the others where they are', () => {
    expect(movedItems([10, 20, 30, 40], 2, -1)).toEqual([10, 30, 20, 40]);
    expect(movedItems([10, 20, 30, 40], 0, 1)).toEqual([20, 10, 30, 40]);
  });

  it('does not move the first entry up, the last down, or an entry that is not there', () => {
    expect(movedItems([10, 20], 0, -1)).toBeNull();
    expect(movedItems([10, 20], 1, 1)).toBeNull();
    expect(movedItems([10], 0, 1)).toBeNull();
    expect(movedItems([10, 20], 5, -1)).toBeNull();
  });

  it('leaves the list it was given unchanged', () => {
    const ids = [1, 2, 3];
    movedItems(ids, 1, 1);
    expect(ids).toEqual([1, 2, 3]);
  });
});
