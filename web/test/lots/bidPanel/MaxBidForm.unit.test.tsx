// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MaxBidForm } from '../../../src/lots/bidPanel/MaxBidForm.tsx';
import type { LotDetail } from '../../../src/lots/types.ts';
import { lotFixture, money } from '../../lotFixture.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(cleanup);

/** A lot at 250 $ where the bidder's maximum is 400 $. */
const lot = { ...lotFixture({ lastBid: money(250) }), maxBid: money(400) } as unknown as LotDetail;
let confirmed: Array<[string, number]> = [];

function Panel() {
  const [text, setText] = useState('');
  return (
    <MaxBidForm
      id="m"
      lot={lot}
      userId="u1"
      maxText={text}
      onMaxText={setText}
      disabled={false}
      loginFirst={() => false}
      onConfirm={(kind, cents) => confirmed.push([kind, cents])}
    />
  );
}

describe('changing a maximum bid', () => {
  it('says beforehand that a maximum is only raised, rather than that it must exceed the current bid', async () => {
    confirmed = [];
    renderInApp(Panel, 'fr');
    const field = (await screen.findByRole('textbox')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '300' } });
    expect(screen.getByText(/doit dépasser votre mise maximale actuelle de 400,00/)).toBeTruthy();
    expect(screen.queryByText('Une mise maximale doit dépasser la mise actuelle', { exact: false })).toBeNull();
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(confirmed).toEqual([]);
    fireEvent.change(field, { target: { value: '450' } });
    expect(screen.queryByText(/votre mise maximale actuelle de/)).toBeNull();
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(confirmed).toEqual([['editMax', 450_00]]);
  });
});
