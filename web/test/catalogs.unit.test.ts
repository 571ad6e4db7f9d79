import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';

// Messages allowed to read the same in both languages (proper nouns, numbers). Empty for now:
// a new entry here should be a deliberate choice, not a forgotten translation.
const sameInBothLanguages = new Set<string>();

function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentNames(element.children, names);
      continue;
    }
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
  }
  return names;
}

const enMessages: Record<string, string> = en;
const frMessages: Record<string, string> = fr;

describe('message catalogs', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(frMessages).sort()).toEqual(Object.keys(enMessages).sort());
  });

  it('are really translated', () => {
    const untranslated = Object.keys(enMessages).filter(
      (key) => !sameInBothLanguages.has(key) && frMessages[key] === enMessages[key],
    );
    expect(untranslated).toEqual([]);
  });

  it.each(Object.keys(enMessages))('%s takes the same arguments in both languages', (key) => {
    const enArguments = argumentNames(parse(enMessages[key] ?? ''));
    const frArguments = argumentNames(parse(frMessages[key] ?? ''));
    expect([...frArguments].sort()).toEqual([...enArguments].sort());
  });
});
