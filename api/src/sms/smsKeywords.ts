/**
 * The keywords a person may text us, in both languages (docs/messages.md "STOP"): the whole
 * message, any case, spaces around it ignored, accents optional (ARRÊT is ARRET). Twilio's own
 * opt-out and opt-in words are English; the French ones are ours.
 */
export type SmsKeywordAction = 'stop' | 'start' | 'help';
export type SmsLanguage = 'en' | 'fr';

const KEYWORDS: Record<string, { action: SmsKeywordAction; language: SmsLanguage }> = {
  STOP: { action: 'stop', language: 'en' },
  STOPALL: { action: 'stop', language: 'en' },
  UNSUBSCRIBE: { action: 'stop', language: 'en' },
  CANCEL: { action: 'stop', language: 'en' },
  END: { action: 'stop', language: 'en' },
  QUIT: { action: 'stop', language: 'en' },
  ARRET: { action: 'stop', language: 'fr' },
  START: { action: 'start', language: 'en' },
  UNSTOP: { action: 'start', language: 'en' },
  DEBUT: { action: 'start', language: 'fr' },
  HELP: { action: 'help', language: 'en' },
  INFO: { action: 'help', language: 'en' },
  AIDE: { action: 'help', language: 'fr' },
};

/** The keyword a text is, or null when it is anything else (ignored). */
export function smsKeywordOf(body: string): { action: SmsKeywordAction; language: SmsLanguage } | null {
  const word = body
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase();
  return KEYWORDS[word] ?? null;
}

/**
 * What we text back. Twilio answers its own English keywords (STOP, START, HELP) itself when its
 * default opt-out handling is on, so an English stop or start gets no second confirmation from us;
 * French keywords are not Twilio's and are confirmed here, in French. Help is always ours, in the
 * keyword's language (configure Twilio's HELP auto-reply off so the person gets one answer).
 */
export function smsKeywordReply(keyword: { action: SmsKeywordAction; language: SmsLanguage }): string | null {
  if (keyword.action === 'help') return HELP[keyword.language];
  if (keyword.language === 'en') return null;
  return keyword.action === 'stop' ? STOPPED_FR : STARTED_FR;
}

const HELP: Record<SmsLanguage, string> = {
  en: 'Auction alerts: outbid and winner notices and sign-in codes. Reply STOP to stop texts, START to get them again. Message and data rates may apply.',
  fr: 'Alertes d’encans\u00a0: avis de surenchère, de lot remporté et codes de connexion. Répondez ARRET pour ne plus recevoir de textos, DEBUT pour les recevoir de nouveau. Des frais de messagerie peuvent s’appliquer.',
};
const STOPPED_FR = 'Vous ne recevrez plus de textos de notre part. Répondez DEBUT pour les recevoir de nouveau.';
const STARTED_FR = 'Vous recevrez de nouveau nos textos. Répondez ARRET pour ne plus les recevoir.';

/** TwiML that texts `reply` back to the sender, or says nothing. */
export function twimlReply(reply: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?><Response>';
  if (!reply) return `${head}</Response>`;
  const escaped = reply.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `${head}<Message>${escaped}</Message></Response>`;
}
