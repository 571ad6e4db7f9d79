// @vitest-environment jsdom
import { queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type StaffAuction, StaffConsole } from '../../src/console/StaffConsole.tsx';
import { renderInApp } from '../renderInApp.tsx';

afterEach(cleanup);

const gala: StaffAuction = { id: 7, organizationName: 'Fondation Lumière', titles: { en: 'Gala', fr: 'Gala' } };
const autumn: StaffAuction = {
  id: 9,
  organizationName: 'Club Horizon',
  titles: { en: 'Autumn Auction', fr: 'Encan d’automne' },
};

/** The volunteer's console over `auctions`, its desk showing which auction it works on. */
function renderConsole(auctions: StaffAuction[], locale: 'en' | 'fr' = 'en') {
  return renderInApp(
    () => (
      <StaffConsole
        section="checkin"
        auctions={queryOptions({ queryKey: ['staff', auctions.length], queryFn: async () => auctions })}
      >
        {(auctionId) => <p>Desk of auction {auctionId}</p>}
      </StaffConsole>
    ),
    locale,
  );
}

describe('the console of those who operate nothing', () => {
  it('asks which auction when there are several, then works on the one chosen and keeps it in the address', async () => {
    const { router } = renderConsole([gala, autumn]);
    await screen.findByRole('heading', { name: 'Check-in at the door' });
    expect(screen.getByText('Choose the auction whose guests you are welcoming.')).toBeTruthy();
    expect(screen.queryByText(/Desk of auction/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Autumn Auction/ }));
    await screen.findByText('Desk of auction 9');
    expect(screen.getByRole('button', { name: /Autumn Auction/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Gala/ }).getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.search).toMatchObject({ encan: 9, section: 'checkin' });
  });

  it('chooses the only auction there is, titled in the page’s language', async () => {
    renderConsole([autumn], 'fr');
    await screen.findByText('Desk of auction 9');
    expect(screen.getByRole('button', { name: /Encan d’automne/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no organisation of theirs has an auction', async () => {
    renderConsole([]);
    await screen.findByText('None of your organizations has an auction to check guests in to.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Choose the auction/)).toBeNull();
  });
});
