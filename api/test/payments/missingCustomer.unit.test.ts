import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { customerCreationKey, isMissingCustomer, MissingCustomerError } from '../../src/payments/missingCustomer.ts';

/** An error as the SDK raises it from Stripe's answer (`raw` is the answer's `error`). */
const invalidRequest = (raw: { code?: string; param?: string; message: string }) =>
  new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', ...raw });

describe('isMissingCustomer', () => {
  it("is Stripe's resource_missing on the customer parameter", () => {
    expect(
      isMissingCustomer(
        invalidRequest({ code: 'resource_missing', param: 'customer', message: "No such customer: 'cus_gone'" }),
      ),
    ).toBe(true);
  });

  it('is not a missing card or session, another refusal of the customer, or any other error', () => {
    expect(
      isMissingCustomer(
        invalidRequest({ code: 'resource_missing', param: 'payment_method', message: "No such PaymentMethod: 'pm_x'" }),
      ),
    ).toBe(false);
    expect(isMissingCustomer(invalidRequest({ code: 'resource_missing', message: "No such customer: 'cus_x'" }))).toBe(
      false,
    );
    expect(isMissingCustomer(invalidRequest({ param: 'customer', message: 'Invalid string' }))).toBe(false);
    expect(
      isMissingCustomer(
        new Stripe.errors.StripeCardError({ type: 'card_error', code: 'card_declined', message: 'declined' }),
      ),
    ).toBe(false);
    expect(isMissingCustomer(new HttpError(400, 'card_does_not_exist'))).toBe(false);
    expect(isMissingCustomer({ code: 'resource_missing', param: 'customer' })).toBe(false);
  });
});

describe('customerCreationKey', () => {
  it('keeps the first customer’s key as it always was', () => {
    expect(customerCreationKey('user-1-7')).toBe('customer-user-1-7');
  });

  it('gives a replacement a key of its own, the same for every request replacing the same customer', () => {
    const replacing = customerCreationKey('user-1-7', 'cus_gone');
    expect(replacing).not.toBe(customerCreationKey('user-1-7'));
    expect(customerCreationKey('user-1-7', 'cus_gone')).toBe(replacing);
    // The replacement of the replacement, should that one go missing too, is a new customer again.
    expect(customerCreationKey('user-1-7', 'cus_next')).not.toBe(replacing);
  });
});

describe('MissingCustomerError', () => {
  it('answers as before when nothing heals it (400 card_does_not_exist) and names the customer', () => {
    const error = new MissingCustomerError('cus_gone');
    expect(error).toBeInstanceOf(HttpError);
    expect([error.statusCode, error.message, error.customerId]).toEqual([400, 'card_does_not_exist', 'cus_gone']);
  });
});
