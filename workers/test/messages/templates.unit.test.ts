import { type MessageTemplate, messageTemplates } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { InvalidMessageError, renderMessage, renderPush, templates } from '../../src/messages/templates.ts';
import { paramsOf } from './sampleParams.ts';

/** How each language writes the sample amounts. */
const amountAs = { en: '$1,250.50', fr: '1\u00a0250,50\u00a0$' };

const leftovers = /undefined|null|NaN|\[object|\$\{|\{\{|\}\}/;

describe('message templates', () => {
  it('cover every template of the message contract', () => {
    expect(Object.keys(templates).sort()).toEqual([...messageTemplates].sort());
  });

  // Push notices are rendered by renderPush (below).
  for (const template of messageTemplates.filter((name) => templates[name].channel !== 'push')) {
    const { channel } = templates[template];
    for (const language of ['en', 'fr'] as const) {
      it(`${template} renders in ${language} with every param and nothing left over`, () => {
        const params = paramsOf(template);
        const rendered = renderMessage({ channel, language, template, params });
        const texts = rendered.channel === 'email' ? [rendered.subject, rendered.text, rendered.html] : [rendered.text];
        for (const text of texts) {
          expect(text.trim()).not.toBe('');
          expect(text).not.toMatch(leftovers);
        }
        const body = rendered.text;
        for (const [name, value] of Object.entries(params)) {
          expect(body).toContain(name === 'amount' || name === 'amountDue' ? amountAs[language] : value);
        }
        if (rendered.channel === 'email') {
          expect(rendered.html).toContain(`<html lang="${language}">`);
          if (params.link) expect(rendered.html).toContain(`href="${params.link}"`);
        } else {
          expect(rendered.text.length).toBeLessThanOrEqual(320);
        }
      });
    }

    it(`${template} binds French punctuation and « no » to their words, and writes the French apostrophe`, () => {
      const params = paramsOf(template);
      const fr = renderMessage({ channel, language: 'fr', template, params });
      const texts = fr.channel === 'email' ? [fr.subject, fr.text] : [fr.text];
      // The values put in (a password, an organiser's words) and the links are not the template's French.
      const ours = (text: string) =>
        Object.values(params)
          .reduce((rest, value) => rest.replaceAll(value, '·'), text)
          .replace(/https?:\/\/\S+/g, '·');
      for (const text of texts) {
        expect(text).not.toMatch(/ [:;!?»%]|« |\bno \d/);
        // « ; », « ! » and « ? » stand a narrow space from their word, as in the web app.
        expect(ours(text)).not.toMatch(/[\p{L}\d)»][;!?]/u);
        expect(text).not.toMatch(/\p{L}'\p{L}/u);
      }
    });

    it(`${template} is written in French, not copied from English`, () => {
      const params = paramsOf(template);
      const en = renderMessage({ channel, language: 'en', template, params });
      const fr = renderMessage({ channel, language: 'fr', template, params });
      expect(fr.text).not.toBe(en.text);
      if (en.channel === 'email' && fr.channel === 'email') expect(fr.subject).not.toBe(en.subject);
    });
  }

  // The web app's spelling (its catalogue test): organizers, favourites, cancelled.
  it('spells English the Canadian way in every email and text message', () => {
    const other = messageTemplates
      .filter((template) => templates[template].channel !== 'push')
      .filter((template) => {
        const en = renderMessage({
          channel: templates[template].channel,
          language: 'en',
          template,
          params: paramsOf(template),
        });
        const texts = en.channel === 'email' ? [en.subject, en.text] : [en.text];
        return texts.some((text) =>
          /\b(colors?|favorites?|canceled|organis(e|ed|er|ers|ing|ation|ations))\b/i.test(text),
        );
      });
    expect(other).toEqual([]);
  });

  it('writes recognisable French', () => {
    const fr = renderMessage({
      channel: 'email',
      language: 'fr',
      template: 'passwordRecoveryEmail',
      params: paramsOf('passwordRecoveryEmail'),
    });
    expect(fr).toMatchObject({ subject: 'Réinitialisez votre mot de passe' });
    expect(fr.text).toContain('Bonjour Élodie,');
    const sms = renderMessage({
      channel: 'sms',
      language: 'fr',
      template: 'passwordRecoveryCode',
      params: { code: '482913' },
    });
    expect(sms.text).toContain('10 minutes');
    expect(sms.text).toContain('Votre code');
  });

  it('names an auction whose name says "auction" without saying it twice', () => {
    const text = (language: 'en' | 'fr', auctionName: string) =>
      renderMessage({
        channel: 'email',
        language,
        template: 'auctionInvoiceEmail',
        params: { ...paramsOf('auctionInvoiceEmail'), auctionName },
      }).text;
    expect(text('en', 'Autumn Auction')).toContain('of the Autumn Auction, for');
    expect(text('en', 'Winter Gala')).toContain('of the Winter Gala auction, for');
    // The French apostrophe is ours; the organisers' name keeps the one they typed.
    expect(text('fr', "Encan d'automne")).toContain("de l’Encan d'automne, de");
    expect(text('fr', 'Gala d’hiver')).toContain('de l’encan Gala d’hiver, de');
  });

  it('greets without a name when the first name is empty', () => {
    const en = renderMessage({
      channel: 'email',
      language: 'en',
      template: 'passwordChanged',
      params: { firstName: '' },
    });
    expect(en.text.startsWith('Hello,\n')).toBe(true);
  });

  it('binds French punctuation to its word, and leaves the words an organiser typed as they are', () => {
    const won = renderMessage({
      channel: 'sms',
      language: 'fr',
      template: 'lotWonSms',
      params: { lotNumber: '12', lotName: 'Weekend au chalet', amount: '25.00', link: 'https://example.org/l/12' },
    });
    expect(won.text).toContain('le lot 12, «\u00a0Weekend au chalet\u00a0» pour 25,00\u00a0$. Détails\u00a0: https://');
    expect(won.text).not.toMatch(/ [:»]|« /);

    const announcement = renderMessage({
      channel: 'email',
      language: 'fr',
      template: 'auctionAnnouncementEmail',
      params: {
        firstName: 'Léa',
        auctionName: 'Gala 2026',
        announcement: 'Dernier appel : au bar !',
        link: 'https://example.org/a',
      },
    });
    if (announcement.channel !== 'email') throw new Error('email expected');
    expect(announcement.subject).toBe('Gala 2026\u00a0: un message des organisateurs');
    expect(announcement.text).toContain('Dernier appel : au bar !');
    expect(announcement.text).toContain('vous écrivent\u00a0:');
    expect(announcement.text).not.toMatch(/ :\n/);
  });

  it('escapes params in the HTML body', () => {
    const rendered = renderMessage({
      channel: 'email',
      language: 'en',
      template: 'usernameChanged',
      params: { firstName: '<b>Eve</b>', newUserName: 'eve"@example.org' },
    });
    if (rendered.channel !== 'email') throw new Error('email expected');
    expect(rendered.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(rendered.html).not.toContain('<b>Eve</b>');
    expect(rendered.html).toContain('eve&quot;@example.org');
    expect(rendered.text).toContain('<b>Eve</b>');
  });

  it('refuses a job with a missing or invalid param, naming it and not its value', () => {
    const missing = () =>
      renderMessage({ channel: 'email', language: 'en', template: 'emailConfirmation', params: { firstName: 'Ann' } });
    expect(missing).toThrow(InvalidMessageError);
    expect(missing).toThrow(/emailConfirmation.*link/);
    const badLink = () =>
      renderMessage({
        channel: 'email',
        language: 'en',
        template: 'emailConfirmation',
        params: { firstName: 'Ann', link: 'javascript:alert(1)' },
      });
    expect(badLink).toThrow(/link/);
    expect(badLink).not.toThrow(/javascript/);
    const badCode = () =>
      renderMessage({ channel: 'sms', language: 'fr', template: 'passwordRecoveryCode', params: { code: '' } });
    expect(badCode).toThrow(/code/);
  });

  it('refuses a template on the wrong channel', () => {
    expect(() =>
      renderMessage({ channel: 'sms', language: 'en', template: 'passwordChanged', params: { firstName: 'Ann' } }),
    ).toThrow(/email, not sms/);
  });

  it('makes a missing language or an undeclared param a type error', () => {
    const onlyEnglish: (typeof templates)['phoneValidationCode'] = {
      channel: 'sms',
      // @ts-expect-error the French text is missing
      render: { en: (p) => p.code },
    };
    const unknownParam: (typeof templates)['phoneValidationCode'] = {
      channel: 'sms',
      // @ts-expect-error phoneValidationCode has no link
      render: { en: (p) => p.link, fr: (p) => p.code },
    };
    expect([onlyEnglish, unknownParam]).toHaveLength(2);
  });
});

describe('notices of a stage sale corrected', () => {
  const corrected = { en: /corrected/i, fr: /corrigé/i };
  /** Not a removal's wording: nothing was removed, and the bidder should not think a bid was. */
  const removal = { en: /removed|no longer/i, fr: /retiré|remportez plus/i };

  /** Every text a bidder reads of the notice, whatever its channel. */
  function read(template: MessageTemplate, language: 'en' | 'fr'): string {
    const params = paramsOf(template);
    const { channel } = templates[template];
    if (channel === 'push') {
      const notice = renderPush({ channel, language, template, params });
      return `${notice.title}\n${notice.body}`;
    }
    const rendered = renderMessage({ channel, language, template, params });
    return rendered.channel === 'email' ? `${rendered.subject}\n${rendered.text}` : rendered.text;
  }

  for (const channel of ['Email', 'Sms', 'Push'] as const) {
    for (const language of ['en', 'fr'] as const) {
      it(`lotWonAfterCorrection${channel} says in ${language} that the sale was corrected and what the winner pays`, () => {
        const text = read(`lotWonAfterCorrection${channel}`, language);
        expect(text).toMatch(corrected[language]);
        expect(text).toContain(amountAs[language]);
        expect(text).toContain('Weekend au chalet');
        expect(text).not.toMatch(removal[language]);
        expect(text).not.toMatch(leftovers);
      });

      it(`lotWinWithdrawnByCorrection${channel} says in ${language} that the sale was corrected and recorded on them by mistake`, () => {
        const text = read(`lotWinWithdrawnByCorrection${channel}`, language);
        expect(text).toMatch(corrected[language]);
        expect(text).toMatch(language === 'en' ? /by mistake/ : /par erreur/);
        if (channel !== 'Push') expect(text).toMatch(language === 'en' ? /not be billed/ : /pas facturé/);
        expect(text).toContain('Weekend au chalet');
        expect(text).not.toMatch(removal[language]);
        expect(text).not.toMatch(leftovers);
      });
    }
  }

  it('keep the opt-out ending of every text message', () => {
    for (const template of ['lotWonAfterCorrectionSms', 'lotWinWithdrawnByCorrectionSms'] as const) {
      expect(read(template, 'en')).toMatch(/Reply STOP to opt out\.$/);
      expect(read(template, 'fr')).toMatch(/Répondez STOP pour ne plus recevoir de messages\.$/);
    }
  });
});

describe('push notices', () => {
  for (const template of [
    'outbidPush',
    'lotWonPush',
    'lotWonAfterCorrectionPush',
    'lotWinWithdrawnByCorrectionPush',
  ] as const) {
    it(`${template} is short, in both languages, and opens the lot`, () => {
      const params = paramsOf(template);
      const en = renderPush({ channel: 'push', language: 'en', template, params });
      const fr = renderPush({ channel: 'push', language: 'fr', template, params });
      for (const notice of [en, fr]) {
        expect(notice.link).toBe(params.link);
        expect(notice.body).toContain('Weekend au chalet');
        expect(`${notice.title} ${notice.body}`).not.toMatch(leftovers);
        expect(notice.body.length).toBeLessThanOrEqual(120);
      }
      expect(fr.title).not.toBe(en.title);
      expect(fr.body).not.toBe(en.body);
    });
  }

  it('refuses a push template sent by another channel', () => {
    expect(() =>
      renderMessage({ channel: 'sms', language: 'en', template: 'outbidPush', params: paramsOf('outbidPush') }),
    ).toThrow(InvalidMessageError);
  });
});
