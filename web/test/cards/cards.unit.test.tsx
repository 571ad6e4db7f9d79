// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddCardButton, browserLocation } from '../../src/cards/AddCardButton.tsx';
import { CardPicker } from '../../src/cards/CardPicker.tsx';
import { CardRequired } from '../../src/cards/CardRequired.tsx';
import { CardView } from '../../src/cards/CardView.tsx';
import { DeleteCardDialog } from '../../src/cards/DeleteCardDialog.tsx';
import { FeeAcceptance } from '../../src/cards/FeeAcceptance.tsx';
import { ReplaceCardDialog } from '../../src/cards/ReplaceCardDialog.tsx';
import { Toaster } from '../../src/live/toasts.tsx';
import { inEnglish } from '../inEnglish.tsx';
import { apiStub, card } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

function withApi(answers: Parameters<typeof apiStub>[0], node: () => React.ReactNode) {
  const api = apiStub(answers);
  vi.stubGlobal('fetch', api.fetch);
  renderInApp(() => (
    <>
      {node()}
      <Toaster />
    </>
  ));
  return api;
}

const posts = (api: ReturnType<typeof apiStub>) => api.calls.filter((call) => call.method !== 'GET');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the card component (spec 000 §3, §4)', () => {
  it('shows brand, last digits, expiry and holder', () => {
    inEnglish(<CardView card={card(2, { expMonth: 3, expYear: 2031 })} selected />);
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(screen.getByText('ending in 4242')).toBeTruthy();
    expect(screen.getByText(/Expires 03\/31/)).toBeTruthy();
    expect(screen.getByText(/Marie Tremblay/)).toBeTruthy();
    expect(screen.getByText('Selected for this auction')).toBeTruthy();
  });

  it.each([
    [
      'expired',
      'card_declined_or_expired',
      'Expired',
      'This card was declined or has expired: delete it and add another.',
    ],
    [
      'declined',
      'card_declined_or_expired',
      'Declined',
      'This card was declined or has expired: delete it and add another.',
    ],
    ['refused', 'amex_not_accepted', 'Not accepted', 'American Express cards are not accepted.'],
  ] as const)('shows a %s card as such, with the spec message', (status, message, badge, text) => {
    inEnglish(<CardView card={card(1, { status, isSelectable: false, message })} />);
    expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('cannot be chosen when it is not usable', () => {
    const chosen: number[] = [];
    inEnglish(
      <CardPicker
        cards={[card(1, { status: 'declined', isSelectable: false, message: 'card_declined_or_expired' }), card(2)]}
        value={undefined}
        onChange={(id) => chosen.push(id)}
        legend="Card"
      />,
    );
    const [declined, usable] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(declined?.disabled).toBe(true);
    expect(usable?.disabled).toBe(false);
    fireEvent.click(usable as HTMLInputElement);
    expect(chosen).toEqual([2]);
  });
});

describe('the card modals (spec 000 §2)', () => {
  it('add payment information: a checkout session back to this page, then the browser goes to its hosted page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    vi.spyOn(browserLocation, 'here').mockReturnValue('http://localhost/en/auctions/gala/items/5');
    const api = withApi(
      {
        'POST /api/payments/stripeinformations/1/session': [
          200,
          { publishableKey: 'pk', sessionId: 'cs_1', url: 'http://127.0.0.1:9/checkout/cs_1' },
        ],
      },
      () => <AddCardButton stripeInformationId={1} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment information' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to the secure page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/checkout/cs_1'));
    expect(posts(api)[0]?.body).toEqual({
      successUrl: 'http://localhost/en/auctions/gala/items/5',
      cancelUrl: 'http://localhost/en/auctions/gala/items/5',
    });
  });

  it('delete card: a card in use is refused and the dialog names its auctions and offers to replace it', async () => {
    const onReplace = vi.fn();
    const api = withApi(
      {
        'DELETE /api/payment-methods/delete-payment-method/3': [
          409,
          { message: 'card_in_use_cannot_be_deleted', messages: ['card_in_use_cannot_be_deleted'], auctionIds: [7] },
        ],
        'GET /api/payment-methods/list-active-auction/3': [200, [{ id: 7, urlMagicLink: 'gala', name: 'Winter Gala' }]],
      },
      () => <DeleteCardDialog card={card(3)} onClose={() => {}} onReplace={onReplace} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(/This card is in use for a leading bid/);
    await screen.findByText('Winter Gala');
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(onReplace).toHaveBeenCalled();
    expect(posts(api)).toHaveLength(1);
  });

  it('delete card: a card not in use is deleted', async () => {
    const onClose = vi.fn();
    withApi({ 'DELETE /api/payment-methods/delete-payment-method/3': [200, { success: true, messages: [] }] }, () => (
      <DeleteCardDialog card={card(3)} onClose={onClose} onReplace={() => {}} />
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('The card was deleted.');
    expect(onClose).toHaveBeenCalled();
  });

  it('replace card: moves its auctions to another usable card of the same configuration', async () => {
    const api = withApi(
      { 'POST /api/payment-methods/replace-payment-method': [200, { success: true, messages: [], auctionIds: [7] }] },
      () => (
        <ReplaceCardDialog
          card={card(3)}
          cards={[card(3), card(4, { stripeInformation_Id: 2 }), card(5)]}
          onClose={() => {}}
        />
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replace this card' });
    // Only card 5 shares the configuration.
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await screen.findByText('The card was replaced.');
    expect(posts(api)[0]?.body).toEqual({ sourcePaymentMethodId: 3, replacingPaymentMethodId: 5 });
  });

  it('replace card: with no other usable card, says to add one first and offers to, instead of "no card yet"', async () => {
    withApi({}, () => (
      <ReplaceCardDialog
        card={card(3)}
        cards={[card(3), card(4, { stripeInformation_Id: 2 }), card(6, { isSelectable: false })]}
        onClose={() => {}}
      />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Replace this card' });
    expect(
      within(dialog).getByText('To replace this card, add another one first, then come back to replace it.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/no card yet/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Replace' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('replace card: a refusal is shown', async () => {
    withApi(
      {
        'POST /api/payment-methods/replace-payment-method': [
          409,
          { message: 'card_replacement_failed', messages: ['card_replacement_failed'] },
        ],
      },
      () => <ReplaceCardDialog card={card(3)} cards={[card(3), card(5)]} onClose={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await screen.findByText('The card could not be replaced.');
  });

  it('accept credit-card fees: yes asks first in the modal, no is sent at once', async () => {
    const api = withApi(
      {
        'POST /api/auctions/auction-bidder-has-accepted-credit-card-fees/7/': [
          200,
          { success: true, auctionId: 7, auctionBidderStatus: 2, bidderHasAcceptedCreditCardFees: true },
        ],
      },
      () => <FeeAcceptance auctionId={7} accepted={null} disabled={false} />,
    );
    fireEvent.click(await screen.findByLabelText('Yes'));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the credit card fees' });
    expect(within(dialog).getByText(/3.3 %/)).toBeTruthy();
    expect(posts(api)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept the fees' }));
    await waitFor(() =>
      expect(posts(api).map((call) => call.url)).toEqual([
        '/api/auctions/auction-bidder-has-accepted-credit-card-fees/7/true',
      ]),
    );
    fireEvent.click(screen.getByLabelText('No'));
    await waitFor(() =>
      expect(posts(api).map((call) => call.url)).toContain(
        '/api/auctions/auction-bidder-has-accepted-credit-card-fees/7/false',
      ),
    );
  });

  it('accept credit-card fees: closed once the auction is past active', async () => {
    withApi({}, () => <FeeAcceptance auctionId={7} accepted={true} disabled />);
    expect((await screen.findByLabelText('Yes')).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('No').matches(':disabled')).toBe(true);
  });
});

describe('permission to bid rules 2 and 3 on the bid panel (spec 001 §5)', () => {
  it('without a card, offers to add one', async () => {
    withApi({}, () => <CardRequired reason="requiresCreateCreditCard" auction={{ id: 7, stripeInformation_Id: 1 }} />);
    expect(await screen.findByText('Add a credit card to bid in this auction.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a card to bid' })).toBeTruthy();
  });

  it('with cards and none selected, offers to choose one of the auction configuration and saves the choice', async () => {
    const api = withApi(
      {
        'GET /api/payment-methods': [200, [card(1), card(2), card(3, { stripeInformation_Id: 2 })]],
        'GET /api/auction-payment-methods': [200, []],
        'POST /api/auction-payment-methods': [
          200,
          { id: 9, auctionId: 7, paymentMethod_Id: 2, paymentInformation_Id: 1 },
        ],
      },
      () => <CardRequired reason="requiresSelectedCreditCard" auction={{ id: 7, stripeInformation_Id: 1 }} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payment method' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    fireEvent.click(radios[1] as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(api)[0]).toEqual({
      method: 'POST',
      url: '/api/auction-payment-methods',
      body: { auctionId: 7, paymentMethod_Id: 2 },
    });
  });
});
