import type { operator } from '@auction/contract';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { AuctionSectionProps } from '../../src/console/sections/sectionProps.ts';
import type { Locale } from '../../src/i18n/routes.ts';
import { Toaster } from '../../src/live/toasts.tsx';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';
import { operatorAuctionFixture } from './setup/operatorAuctionFixture.ts';

/**
 * An auction section of the console as the shell shows it (on a wide screen, with its toasts), for
 * the fixture auction with `auction`'s changes; its API answered by `answers`, the web tests'
 * double at the network boundary. Answers the double, to read the calls made.
 */
export function renderSection(
  Section: ComponentType<AuctionSectionProps>,
  answers: Parameters<typeof apiStub>[0],
  options: { auction?: Partial<operator.OperatorAuction>; locale?: Locale } = {},
) {
  const api = apiStub(answers);
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal('fetch', api.fetch);
  const auction = operatorAuctionFixture(options.auction);
  renderInApp(
    () => (
      <>
        <Section
          organization={{ id: 5, name: 'Fondation Lumière' } as operator.Organization}
          auction={auction}
          actorRoles={[]}
          chooseAuction={() => {}}
        />
        <Toaster />
      </>
    ),
    options.locale,
  );
  return api;
}
