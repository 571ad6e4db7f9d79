// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BidForm } from '../../../src/lots/bidPanel/BidForm.tsx';
import type { LotDetail } from '../../../src/lots/types.ts';
import { lotFixture } from '../../lotFixture.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(cleanup);

const lot = lotFixture() as unknown as LotDetail;

/** The amounts confirmed in the current test. */
let confirmed: number[] = [];

/** The bid form as the panel holds it: null until typed. */
function Panel() {
  const [text, setText] = useState<string | null>(null);
  return (
    <BidForm
      id="t"
      lot={lot}
      amountText={text}
      onAmountText={setText}
      disabled={false}
      loginFirst={() => false}
      onConfirm={(cents) => confirmed.push(cents)}
    />
  );
}

/** The bid form in `locale`; answers the amounts confirmed and the field. */
async function bidForm(locale: 'en' | 'fr') {
  confirmed = [];
  renderInApp(Panel, locale);
  const field = (await screen.findByRole('textbox')) as HTMLInputElement;
  const submit = () => fireEvent.submit(field.closest('form') as HTMLFormElement);
  return { confirmed, field, submit };
}

describe('the bid field', () => {
  it('can be emptied to type another amount: the minimum does not come back under the fingers', async () => {
    const { confirmed, field, submit } = await bidForm('fr');
    const minimum = field.value;
    expect(minimum).toMatch(/^\d+,00$/);
    fireEvent.change(field, { target: { value: '' } });
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: '150' } });
    expect(field.value).toBe('150');
    submit();
    expect(confirmed).toEqual([150_00]);
  });

  it('points out text that is not an amount instead of bidding something else', async () => {
    const { confirmed, field, submit } = await bidForm('fr');
    // What the field held when the minimum came back as the bidder typed: not 600 150 $.
    fireEvent.change(field, { target: { value: '60,0150' } });
    submit();
    expect(confirmed).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Entrez un montant positif d’au plus 2 décimales.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message; a readable amount goes on to the confirmation.
    fireEvent.change(field, { target: { value: '150,50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect(confirmed).toEqual([150_50]);
  });

  it('left empty, shows the minimum again, and an amount under it is raised to it', async () => {
    const { confirmed, field, submit } = await bidForm('en');
    const minimum = field.value;
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(field.value).toBe(minimum);
    fireEvent.change(field, { target: { value: '1' } });
    submit();
    expect(confirmed).toEqual([Math.round(Number(minimum) * 100)]);
  });
});
