import type { operator } from '@auction/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { RichTextField } from '../RichTextField.tsx';
import type { FieldErrors } from './auctionForm.ts';
import { PartRow } from './PartRow.tsx';

type Tab = operator.OperatorAuction['tabs'][number];
type Language = 'fr' | 'en';
interface TabText {
  name: string;
  url: string;
  title: string;
  content: string;
}
type TabTexts = Record<Language, TabText>;

const LANGUAGES: readonly Language[] = ['fr', 'en'];
const blank = (): TabText => ({ name: '', url: '', title: '', content: '' });

function textsOf(tab: Tab | undefined): TabTexts {
  const of = (language: Language): TabText => {
    const t = tab?.translations.find((entry) => entry.languageCode === language) as Partial<TabText> | undefined;
    return { name: t?.name ?? '', url: t?.url ?? '', title: t?.title ?? '', content: t?.content ?? '' };
  };
  return { fr: of('fr'), en: of('en') };
}

/** The languages with a name: a language left blank is not sent (the API needs one at least). */
function tabBody(texts: TabTexts) {
  const translations = Object.fromEntries(
    LANGUAGES.filter((l) => Object.values(texts[l]).some((v) => v.trim())).map((l) => [l, texts[l]]),
  );
  return { translations };
}

function TabLanguage({
  language,
  text,
  errors,
  onChange,
}: {
  language: Language;
  text: TabText;
  errors: FieldErrors;
  onChange: (text: TabText) => void;
}) {
  const error = (name: keyof TabText) => {
    const key = errors[`translations.${language}.${name}`]?.[0];
    return key ? serverMessageId(key) : undefined;
  };
  const suffix = language === 'fr' ? 'Fr' : 'En';
  return (
    <div className="setup__tab-language">
      <Field
        label={<FormattedMessage id={`console.setup.tabName${suffix}`} />}
        value={text.name}
        error={error('name')}
        onChange={(event) => onChange({ ...text, name: event.target.value })}
      />
      <Field
        label={<FormattedMessage id={`console.setup.tabUrl${suffix}`} />}
        value={text.url}
        error={error('url')}
        hint={<FormattedMessage id="console.setup.tabUrlHint" />}
        onChange={(event) => onChange({ ...text, url: event.target.value })}
      />
      <Field
        label={<FormattedMessage id={`console.setup.tabTitle${suffix}`} />}
        value={text.title}
        error={error('title')}
        onChange={(event) => onChange({ ...text, title: event.target.value })}
      />
      <RichTextField
        label={`console.setup.tabContent${suffix}`}
        preview="console.setup.tabPreview"
        value={text.content}
        onChange={(content) => onChange({ ...text, content })}
      />
    </div>
  );
}

function TabRow({ auction, tab, index = -1 }: { auction: operator.OperatorAuction; tab?: Tab; index?: number }) {
  const [texts, setTexts] = useState<TabTexts>(() => textsOf(tab));
  const name = texts.fr.name || texts.en.name;
  return (
    <PartRow
      auctionId={auction.id}
      organizationId={auction.organizationId}
      kind="tabs"
      id={tab?.id}
      legend={tab ? name : <FormattedMessage id="console.setup.newTab" />}
      body={() => ({ ...tabBody(texts), ...(tab ? {} : { order: auction.tabs.length }) })}
      onAdded={() => setTexts({ fr: blank(), en: blank() })}
      place={{ ids: auction.tabs.map((t) => t.id), index, name }}
    >
      {(errors) =>
        LANGUAGES.map((language) => (
          <TabLanguage
            key={language}
            language={language}
            text={texts[language]}
            errors={errors}
            onChange={(text) => setTexts((all) => ({ ...all, [language]: text }))}
          />
        ))
      }
    </PartRow>
  );
}

/** The auction's information tabs (spec 001 §3): a name and an address in the menu, a rich-text page. */
export function TabsEditor({ auction }: { auction: operator.OperatorAuction }) {
  return (
    <section className="setup__parts" aria-labelledby="setup-tabs">
      <h3 id="setup-tabs">
        <FormattedMessage id="console.setup.tabs" />
      </h3>
      {auction.tabs.map((tab, index) => (
        <TabRow key={tab.id} auction={auction} tab={tab} index={index} />
      ))}
      <TabRow auction={auction} />
    </section>
  );
}
