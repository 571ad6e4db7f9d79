// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../src/api/client.ts';
import { rememberReceipt, useLastReceipt } from '../../src/receipts/receiptStore.ts';
import { bidReceipt as receipt } from './bidReceipt.ts';

describe("the tab's bid receipts", () => {
  it('keep the latest receipt per lot while signed in, a token refresh included', () => {
    tokens.set('first-token');
    const { result } = renderHook(() => useLastReceipt(3));
    act(() => rememberReceipt(receipt));
    expect(result.current?.streamVersion).toBe(4);
    act(() => tokens.set('refreshed-token'));
    expect(result.current?.streamVersion).toBe(4);
    expect(JSON.parse(sessionStorage.getItem('bidReceipts') ?? '{}')[3]).toBeTruthy();
  });

  it('are forgotten on signing out, so the next person on the tab is not offered them', () => {
    tokens.set('first-token');
    act(() => rememberReceipt(receipt));
    const { result } = renderHook(() => useLastReceipt(3));
    expect(result.current).toBeTruthy();
    act(() => tokens.set(undefined));
    expect(result.current).toBeUndefined();
    expect(sessionStorage.getItem('bidReceipts')).toBeNull();
  });
});
