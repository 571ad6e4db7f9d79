// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DateZoneHint } from '../../../src/console/setup/DateZoneHint.tsx';
import fr from '../../../src/i18n/fr.json';
import { inEnglish } from '../../inEnglish.tsx';

afterEach(cleanup);

// The browser's zone decides what a `datetime-local` box means: the test sets one with daylight saving.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Toronto';
});
afterAll(() => {
  // Given `undefined`, process.env would keep the string "undefined".
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const spaced = (text: string | null) => text?.replace(/[\s\u00a0\u202f]/g, ' ');

describe('the hint under a date typed in the console', () => {
  it('writes the moment out in the page’s language, with the zone’s offset on that date', () => {
    const { container } = inEnglish(<DateZoneHint iso="2026-11-30T00:00:00.000Z" />);
    expect(spaced(container.textContent)).toBe(
      'Sunday, November 29, 2026 at 7:00 p.m., time zone America/Toronto (UTC−05:00)',
    );
    cleanup();
    const french = render(
      <IntlProvider locale="fr-CA" messages={fr}>
        <DateZoneHint iso="2026-07-01T23:30:00.000Z" />
      </IntlProvider>,
    );
    expect(spaced(french.container.textContent)).toBe(
      'mercredi 1 juillet 2026 à 19 h 30, fuseau horaire America/Toronto (UTC−04:00)',
    );
  });

  it('with no date yet, names the zone alone', () => {
    const { container } = inEnglish(<DateZoneHint iso={null} />);
    expect(container.textContent).toMatch(/^Time zone America\/Toronto \(UTC−0[45]:00\)$/);
  });
});
