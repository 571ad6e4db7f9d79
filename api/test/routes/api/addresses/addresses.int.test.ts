import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testApp.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ demo: false });
});
afterAll(async () => {
  await test?.close();
});

describe('address lookup calls (local provider)', () => {
  it('suggests, then details the chosen address in the request language, with no login', async () => {
    const found = await test.app.inject({ method: 'GET', url: '/api/addresses/suggestions?search=booth%20ottawa' });
    expect(found.statusCode).toBe(200);
    const [suggestion] = found.json();
    expect(suggestion).toMatchObject({ text: '453 Booth St', description: 'Ottawa, ON, K1R 7K9' });
    const details = await test.app.inject({
      method: 'GET',
      url: `/api/addresses/${encodeURIComponent(suggestion.id)}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(details.json()).toEqual({
      address: '453 Booth St',
      city: 'Ottawa',
      province: 'Ontario',
      provinceEnum: 9,
      country: 'CA',
      postalCode: 'K1R 7K9',
    });
  });

  it('refuses a search too short or a country other than CA and US (400), an unknown id (404 invalid_address)', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/addresses/suggestions?search=ab' })).statusCode).toBe(
      400,
    );
    const country = await test.app.inject({ method: 'GET', url: '/api/addresses/suggestions?search=main&country=GB' });
    expect(country.statusCode).toBe(400);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/addresses/local-4242' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('invalid_address');
  });
});
