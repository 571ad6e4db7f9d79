import { FormattedMessage } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import type { FieldErrors } from './auctionForm.ts';

export interface Names {
  fr: string;
  en: string;
}

/** A part's name in French and English (one of them at least, the API says). */
export function TranslatedNames({
  names,
  errors,
  prefix = 'translations',
  onChange,
}: {
  names: Names;
  errors: FieldErrors;
  /** The API path of the names: `translations.fr` holds the name itself, `translations.fr.name` a tab's. */
  prefix?: string;
  onChange: (names: Names) => void;
}) {
  const error = (language: 'fr' | 'en') => {
    const key = errors[`${prefix}.${language}`]?.[0] ?? errors[`${prefix}.${language}.name`]?.[0];
    return key ? serverMessageId(key) : undefined;
  };
  return (
    <>
      <Field
        label={<FormattedMessage id="console.setup.nameFr" />}
        value={names.fr}
        error={error('fr')}
        onChange={(event) => onChange({ ...names, fr: event.target.value })}
      />
      <Field
        label={<FormattedMessage id="console.setup.nameEn" />}
        value={names.en}
        error={error('en')}
        onChange={(event) => onChange({ ...names, en: event.target.value })}
      />
    </>
  );
}

type Listed = { translations: { languageCode: string; name: string }[] };

/** The names of a listed part (the auction's answer lists translations by language). */
export function namesOf(part: Listed | undefined): Names {
  const of = (language: string) => part?.translations.find((t) => t.languageCode === language)?.name ?? '';
  return { fr: of('fr'), en: of('en') };
}

/** Names as the API takes them: only the languages typed. */
export function namesBody(names: Names): Record<string, string> {
  return Object.fromEntries(
    (['fr', 'en'] as const).filter((language) => names[language].trim()).map((l) => [l, names[l].trim()]),
  );
}
