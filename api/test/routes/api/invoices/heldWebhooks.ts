import type { TestApp } from '../../../testApp.ts';

/** The app's webhook endpoint, as the test app points the Stripe double at it. */
const toApp = (test: TestApp) => async (payload: string, signature: string) =>
  (
    await test.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
  ).statusCode;

/**
 * Holds the double's first delivery of an event of `type` until `release`: the double emits its
 * events before it answers, so the Stripe call that made the event waits meanwhile (its idempotency
 * key in flight, its outcome not yet applied). `reached` resolves once the event is held.
 */
export function holdWebhook(test: TestApp, type: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const deliver = toApp(test);
  test.stripe.setWebhook(async (payload, signature) => {
    if ((JSON.parse(payload) as { type: string }).type === type) {
      test.stripe.setWebhook(deliver);
      reach();
      await released;
    }
    return deliver(payload, signature);
  });
  return { reached, release };
}
