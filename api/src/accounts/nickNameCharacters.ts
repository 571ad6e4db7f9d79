/**
 * The characters a displayed bidder name may not hold. Nicknames are shown to everyone in bid
 * histories, so a name must read as what it is: characters that show nothing (zero-width spaces
 * and joiners, the byte order mark, fillers), that reorder the text around them (the bidirectional
 * overrides, embeddings and isolates), control characters, private-use characters (which show as
 * whatever a font puts there) and unassigned ones would let two different names look identical,
 * or let one name pass for another. Spec 000 names no key for this: the refusal is the field
 * rule's `invalid_value`, as the contract's schemas answer for any field they refuse.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * A phone's keyboard types ❤️ as the heart followed by the emoji variation selector: that selector
 * only picks the emoji's picture, right after a pictograph, so it is not held against the name.
 */
const EMOJI_PRESENTATION = /(\p{Extended_Pictographic})[\uFE0E\uFE0F]/gu;

export function hasHiddenCharacters(nickName: string): boolean {
  return HIDDEN.test(nickName.replace(EMOJI_PRESENTATION, '$1'));
}

/** The field rule's message key when the nickname holds a hidden character, else null. */
export function nickNameCharacterProblem(nickName: string): 'invalid_value' | null {
  return hasHiddenCharacters(nickName) ? 'invalid_value' : null;
}
