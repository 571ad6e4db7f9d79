// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageList } from '../../src/account/Field.tsx';
import { inEnglish } from '../inEnglish.tsx';

afterEach(cleanup);

describe('server messages', () => {
  it('are translated, and an unknown key reads as the generic error', () => {
    inEnglish(<MessageList keys={['password_too_short', 'something_new']} />);
    expect(screen.getByText('The password needs at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('There was an error')).toBeTruthy();
  });
});
