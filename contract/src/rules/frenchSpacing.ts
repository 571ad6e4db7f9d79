/** The no-break space: before « : » and « % », inside guillemets (Québec usage, OQLF). */
export const NO_BREAK_SPACE = '\u00a0';
/** The narrow no-break space: before « ; », « ! » and « ? ». */
export const NARROW_NO_BREAK_SPACE = '\u202f';

/**
 * French text with the spaces its punctuation takes made unbreakable, so that a narrow screen or
 * an email client never starts a line with a colon or leaves a guillemet alone at a line's end.
 * Only spaces already there change: a text written without them (English, a URL, "10:30") is
 * left as it is. The web app's French catalogue is written this way (its test checks it); the
 * workers apply it to French emails and notifications, whose texts are built in code.
 */
export function frenchSpacing(text: string): string {
  // « no 42 », the abbreviation of « numéro », stays with its number: a number follows the space,
  // a placeholder, or the text's end where a value is put after it.
  return text
    .replace(/[ \u00a0\u202f]+([:%»])/g, `${NO_BREAK_SPACE}$1`)
    .replace(/[ \u00a0\u202f]+([;!?])/g, `${NARROW_NO_BREAK_SPACE}$1`)
    .replace(/«[ \u00a0\u202f]+/g, `«${NO_BREAK_SPACE}`)
    .replace(/\b([Nn]o) (?=\d|\{|$)/g, `$1${NO_BREAK_SPACE}`);
}
