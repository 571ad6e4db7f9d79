import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { asHttpError } from '../../src/payments/stripeGateway.ts';

const answer = (error: unknown) => {
  const mapped = asHttpError(error);
  return mapped instanceof HttpError ? [mapped.statusCode, mapped.message] : mapped;
};

describe("Stripe's refusals as the API answers them", () => {
  it('answers a key whose first request is still running as the key reused, not as Stripe unavailable', () => {
    // What the SDK makes of Stripe's 409 for a key in flight: an API error, not an idempotency error.
    const inFlight = Stripe.errors.StripeError.generate({
      statusCode: 409,
      type: 'idempotency_error',
      message: 'There is currently another in-progress request using this Idempotent Key',
    } as never);
    expect(inFlight).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(answer(inFlight)).toEqual([409, 'idempotency_key_reused']);
  });

  it('answers a key sent with other parameters as the key reused, and a server error as unavailable', () => {
    const otherParameters = Stripe.errors.StripeError.generate({
      statusCode: 400,
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters',
    } as never);
    expect(answer(otherParameters)).toEqual([409, 'idempotency_key_reused']);
    const serverError = Stripe.errors.StripeError.generate({ statusCode: 500, type: 'api_error' } as never);
    expect(answer(serverError)).toEqual([503, 'payment_provider_unavailable']);
  });
});
