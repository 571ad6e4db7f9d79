import { useEffect } from 'react';
import { readStorage, storageKeys } from '../lib/storage.ts';
import { useBrand } from './queries.ts';

/** The provider's loader (Google Analytics 4: the brands' properties are GA4 measurement ids, `G-…`). */
export const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com/gtag/js';
const SCRIPT_ID = 'brand-analytics';

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Loads the brand's analytics property into the page (spec 000 §1: each brand has its own): the
 * provider's script tag and its configuration, once per page. Nothing at all when the brand has no
 * property (the demo, `npm start`, tests: no request leaves the machine) or when the visitor
 * declined cookies (spec 000 §4, consent counts as given until declined). Returns whether it loaded.
 */
export function installAnalytics(property: string | null | undefined, doc: Document = document): boolean {
  if (!property || readStorage(storageKeys.cookieConsent) === 'false') return false;
  if (doc.getElementById(SCRIPT_ID)) return true;
  const view = doc.defaultView as AnalyticsWindow | null;
  if (view) {
    view.dataLayer = view.dataLayer ?? [];
    const layer = view.dataLayer;
    // The provider's own queue: calls made before its script arrives are replayed by it.
    view.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag reads the arguments object itself, not an array.
      layer.push(arguments);
    };
    view.gtag('js', new Date());
    view.gtag('config', property, { anonymize_ip: true });
  }
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT}?id=${encodeURIComponent(property)}`;
  doc.head.append(script);
  return true;
}

/** The page carries the analytics property of its host's brand (GET /api/brand). */
export function useBrandAnalytics(): void {
  const property = useBrand()?.analyticsProperty;
  useEffect(() => {
    installAnalytics(property);
  }, [property]);
}
