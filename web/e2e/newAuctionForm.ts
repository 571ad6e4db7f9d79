import type { Locator, Page } from 'playwright-core';

/** The console's new-auction form, by the words a manager reads on it. */
const FORM = {
  fr: {
    newAuction: 'Nouvel encan',
    titleFr: 'Titre en français',
    titleEn: 'Titre en anglais',
    address: 'Adresse de l’encan',
    open: 'Ouverture',
    end: 'Fin',
    create: 'Créer l’encan',
  },
  en: {
    newAuction: 'New auction',
    titleFr: 'Title in French',
    titleEn: 'Title in English',
    address: 'Address of the auction',
    open: 'Opening',
    end: 'End',
    create: 'Create the auction',
  },
} as const;

/** A new auction's fields; the dates are `datetime-local` values. */
export interface NewAuction {
  titleFr: string;
  titleEn: string;
  link: string;
  opens: string;
  ends: string;
}

/**
 * Opens the new-auction form from the console's auctions list and fills it in. Answers the form's
 * create button, left for the test to click (after its own checks of the filled-in form).
 */
export async function fillNewAuctionForm(page: Page, language: 'fr' | 'en', auction: NewAuction): Promise<Locator> {
  const words = FORM[language];
  await page.getByRole('button', { name: words.newAuction }).click();
  await page.getByLabel(words.titleFr).fill(auction.titleFr);
  await page.getByLabel(words.titleEn).fill(auction.titleEn);
  await page.getByLabel(words.address).fill(auction.link);
  await page.getByLabel(words.open, { exact: true }).fill(auction.opens);
  await page.getByLabel(words.end, { exact: true }).fill(auction.ends);
  return page.getByRole('button', { name: words.create });
}
