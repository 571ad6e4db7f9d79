import Stripe from 'stripe';
import { HttpError } from '../errors.ts';

/**
 * A Stripe customer the product stored that Stripe no longer has: deleted in the Dashboard, or
 * made in test mode when the configuration's keys are now live ones (docs/payments.md, "A customer
 * Stripe no longer has"). Adding a card replaces it, once per request; these are the rules of that.
 */

/**
 * Whether Stripe refused a request because the customer it names does not exist: Stripe's
 * `resource_missing` on the `customer` parameter. A missing card or session is not this: only a
 * missing customer is healed by making a new one.
 */
export function isMissingCustomer(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    error.param === 'customer'
  );
}

/**
 * The idempotency key of the customer creation for a user and configuration
 * (`<userId>-<paymentInformationId>`). The first customer keeps the key it always had; a
 * replacement's key names the customer it replaces, because Stripe replays a key's first answer
 * for 24 hours (the same key would answer the missing customer again), while two requests that
 * replace the same customer at once still send one key and get one customer.
 */
export function customerCreationKey(paymentInformationKey: string, replacing?: string): string {
  return replacing === undefined
    ? `customer-${paymentInformationKey}`
    : `customer-${paymentInformationKey}-replacing-${replacing}`;
}

/**
 * Stripe no longer has the customer a request named. Answered as before when nothing heals it
 * (400 `card_does_not_exist`); the card session catches it to replace the customer.
 */
export class MissingCustomerError extends HttpError {
  constructor(readonly customerId: string) {
    super(400, 'card_does_not_exist');
  }
}
