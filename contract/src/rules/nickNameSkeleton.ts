/**
 * What a displayed bidder name looks like, reduced to a key: two nicknames with the same skeleton
 * would read the same in a bid history, so only one account may hold it (spec 000 §3, §5: the
 * name is unique, else `unique_nickname`). Comparing lower-cased text is not enough, because a
 * zero-width space, a compatibility form (fullwidth letters, ligatures) or a Cyrillic or Greek
 * letter drawn like a Latin one changes the text without changing what people see.
 *
 * Accents are kept: Hélène and Helene are different names in French, and readers tell them apart.
 * An accent typed as a combining mark and one typed precomposed are the same name, though.
 *
 * In the contract because two rooms need the one implementation: the API, which stores it beside
 * every nickname it writes and looks it up (`users.nick_name_skeleton`, docs/accounts.md), and the
 * migration that filled that column for the accounts written before it (platform's 0039). What is
 * stored is this function's answer at the time of the write: a change to the rules below leaves
 * the stored skeletons of existing accounts as they were, so it ships with a migration that
 * computes the column again, as 0039 did.
 */

/**
 * Letters of other scripts drawn like Latin ones in the fonts bid histories use (a small part of
 * Unicode's confusables list: the Cyrillic, Greek, Armenian and Latin letters that pass for basic
 * Latin ones). Each case is listed on its own because some look Latin only in one case: Greek
 * capital Ν is an N while small ν is a v. Applied to decomposed text, so an accented lookalike
 * (Cyrillic ё, Greek ά) becomes the accented Latin letter it passes for.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic capitals, then small letters (в, к, м, н, т are small capitals of B, K, M, H, T).
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  Һ: 'H',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ү: 'y',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  // Greek capitals, then small letters.
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  Ϳ: 'J',
  α: 'a',
  γ: 'y',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Armenian small letters.
  հ: 'h',
  ո: 'n',
  ս: 'u',
  օ: 'o',
  // Latin letters of other alphabets (IPA, African orthographies) drawn like basic ones.
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ȷ: 'j',
  ǀ: 'l',
  // Hyphens and the minus sign, which read as the hyphen-minus typed on keyboards.
  '\u2010': '-',
  '\u2012': '-',
  '\u2212': '-',
};

/**
 * What shows nothing (zero-width characters, direction controls, fillers, variation selectors,
 * control characters other than the spacing ones) and what no font draws the same way twice
 * (private use, unassigned): new nicknames may not hold them (api/src/accounts/nickNameCharacters.ts),
 * but names saved before that rule may, and they must still collide with the name they look like.
 */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]|(?![\t-\r])\p{Cc}/gu;

const asLookalike = (text: string) => Array.from(text, (character) => LOOKALIKES[character] ?? character).join('');

export function nickNameSkeleton(nickName: string): string {
  // Compatibility decomposition turns fullwidth, mathematical and circled letters, ligatures and
  // the other space characters into the plain ones, and separates accents from their letters.
  const decomposed = nickName.replace(INVISIBLE, '').normalize('NFKD');
  // Lookalikes before case folding, where a capital and its small letter pass for different Latin
  // letters, and after it, for capitals that are not listed but whose small letter is. Folding
  // through the capitals also joins ß with ss and ς with σ, as Unicode's case folding does.
  const folded = asLookalike(asLookalike(decomposed).toUpperCase().toLowerCase());
  // Browsers show a run of spaces (and a tab or line break) as one space.
  return folded.normalize('NFC').replace(/\s+/g, ' ').trim();
}
