/**
 * Runs the browser's one-time Intl set-up off the page's thread: the first
 * `Intl.*.supportedLocalesOf` or formatter of a page builds the engine's list of available locales
 * and loads locale data, about 30 ms on a desktop and four times that on a phone, inside the app's
 * first render (react-intl's `createIntl` asks it). Chromium keeps both for the whole renderer
 * process, workers included, so once this worker has asked, the page's first asks are immediate.
 */
self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data;
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  Intl.PluralRules.supportedLocalesOf(locale);
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(0);
  new Intl.PluralRules(locale).select(1);
  self.postMessage('warm');
  self.close();
};
