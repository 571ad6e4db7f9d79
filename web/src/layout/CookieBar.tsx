import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { tokens } from '../api/client.ts';
import { readSession, readStorage, storageKeys, writeSession, writeStorage } from '../lib/storage.ts';

/** Closing the bar without answering hides it for this tab only; the question comes back next visit. */
const DISMISSED = 'cookieBarDismissed';

/**
 * Spec 000 §4 cookie bar: accepting stores consent; declining removes the stored token, language
 * and list view, and stores the refusal. Consent counts as given unless set to false, so the bar
 * only asks until the visitor answers.
 */
export function CookieBar() {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const [answered, setAnswered] = useState(
    () => readStorage(storageKeys.cookieConsent) !== undefined || readSession(DISMISSED) === 'true',
  );
  const bar = useReservedSpace(!answered);
  if (answered) return null;
  const answer = (consent: boolean) => {
    if (!consent) {
      tokens.set(undefined);
      queryClient.clear();
      writeStorage(storageKeys.language, undefined);
      writeStorage(storageKeys.listView, undefined);
    }
    writeStorage(storageKeys.cookieConsent, String(consent));
    setAnswered(true);
  };
  return (
    <section ref={bar} className="cookie-bar" aria-labelledby="cookie-bar-title">
      <h2 id="cookie-bar-title" className="visually-hidden">
        <FormattedMessage id="cookies.title" />
      </h2>
      <p>
        <FormattedMessage id="cookies.text" />
      </p>
      <div className="cookie-bar__actions">
        <button type="button" className="button" onClick={() => answer(true)}>
          <FormattedMessage id="cookies.accept" />
        </button>
        <button type="button" className="button button--secondary" onClick={() => answer(false)}>
          <FormattedMessage id="cookies.decline" />
        </button>
        <button
          type="button"
          className="cookie-bar__close"
          aria-label={intl.formatMessage({ id: 'action.close' })}
          onClick={() => {
            writeSession(DISMISSED, 'true');
            setAnswered(true);
          }}
        >
          ×
        </button>
      </div>
    </section>
  );
}

/**
 * While the bar shows, its height is published as `--cookie-bar-height` on the document: the page
 * keeps that much space free at its bottom and the toasts sit above it, so the bar hides nothing.
 * The height comes from the ResizeObserver, which measures after the browser's own layout (it
 * reports every observed element once at the start): reading `offsetHeight` in the effect forced a
 * layout of the whole page in the middle of the app's first render, a long task on a phone.
 */
function useReservedSpace(showing: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = ref.current;
    if (!showing || !element || typeof ResizeObserver !== 'function') return;
    let published: number | undefined;
    const observer = new ResizeObserver((entries) => {
      const height = entries.at(-1)?.borderBoxSize[0]?.blockSize;
      if (height === undefined || height === published) return;
      published = height;
      root.style.setProperty('--cookie-bar-height', `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-bar-height');
    };
  }, [showing]);
  return ref;
}
