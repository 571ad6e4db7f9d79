import type { MessageTemplate } from '@auction/platform';
import { templateParams } from '../../src/messages/templates.ts';

/** A value for every template parameter, each one that passes its check at send time. */
export const sampleParams: Record<string, string> = {
  firstName: 'Élodie',
  link: 'https://auctions.example.org/en/reset-password/elodie%40example.org?token=tok-7f3a',
  code: '482913',
  auctionName: 'Gala du printemps',
  temporaryPassword: 'Tmp-Pa55-word!',
  newUserName: 'elodie.new@example.org',
  lotNumber: '12',
  lotName: 'Weekend au chalet',
  amount: '1250.50',
  amountDue: '1250.50',
  invoiceNumber: '42',
  receiptNumber: '7',
  replacedReceiptNumber: '6',
  voidedReceiptNumber: '5',
  announcement: 'Bidding closes in 10 minutes: last bids at the bar!',
};

/** The sample value of each parameter the template takes. */
export function paramsOf(template: MessageTemplate): Record<string, string> {
  return Object.fromEntries(templateParams[template].map((name) => [name, sampleParams[name] as string]));
}
