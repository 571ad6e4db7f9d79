import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { tokens } from '../api/client.ts';
import { readStorage, storageKeys, writeStorage } from '../lib/storage.ts';

/**
 * Spec 000 §4 cookie bar: accepting stores consent; declining removes the stored token, language
 * and list view, and stores the refusal. Consent counts as given unless set to false, so the bar
 * only asks until the visitor answers.
 */
export function CookieBar() {
  const queryClient = useQueryClient();
  const [answered, setAnswered] = useState(() => readStorage(storageKeys.cookieConsent) !== undefined);
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
    <section className="cookie-bar" aria-labelledby="cookie-bar-title">
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
      </div>
    </section>
  );
}
