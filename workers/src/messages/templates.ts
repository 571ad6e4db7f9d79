import { frenchSpacing, NO_BREAK_SPACE } from '@auction/contract';
import { escapeHtml, type MessageJob, type MessageTemplate } from '@auction/platform';
import { z } from 'zod';

export type Language = MessageJob['language'];

/**
 * Every parameter a template may use, with the check its value passes at send time: a job that
 * lacks one, or carries an empty link, fails with the parameter's name instead of sending
 * "undefined" to a bidder.
 */
const paramSchemas = {
  /** May be empty: onboarding invitations and some accounts have no first name. */
  firstName: z.string().trim().max(100),
  link: z.url({ protocol: /^https?$/ }),
  code: z.string().regex(/^[A-Za-z0-9]{4,12}$/),
  auctionName: z.string().trim().min(1).max(200),
  temporaryPassword: z.string().min(1).max(200),
  newUserName: z.string().trim().min(1).max(320),
  /** "0" means the lot has no number (spec 001 §3). */
  lotNumber: z.string().regex(/^\d{1,9}$/),
  lotName: z.string().trim().min(1).max(300),
  /** Dollars with 2 decimals, as formatMoney writes them; each language formats it its own way. */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  invoiceNumber: z.string().regex(/^\d{1,9}$/),
  /** Empty when the invoice earns no donation receipt. */
  receiptNumber: z.string().regex(/^(\d{1,9})?$/),
  /** The voided receipt a refund replaced. */
  replacedReceiptNumber: z.string().regex(/^\d{1,9}$/),
  /** What an invoice owes again, formatted as `amount`. */
  amountDue: z.string().regex(/^\d+\.\d{2}$/),
  /** Empty when the invoice had no receipt to void. */
  voidedReceiptNumber: z.string().regex(/^(\d{1,9})?$/),
  /** An organiser's words to the auction's guests, plain text (contract ANNOUNCEMENT_MAX_LENGTH). */
  announcement: z.string().trim().min(1).max(320),
};
type ParamName = keyof typeof paramSchemas;

/** The parameters each template takes: what the API must put in the job's params. */
export const templateParams = {
  emailConfirmation: ['firstName', 'link'],
  passwordRecoveryEmail: ['firstName', 'link'],
  passwordRecoveryCode: ['code'],
  phoneValidationCode: ['code'],
  onboardingInvite: ['firstName', 'auctionName', 'link'],
  temporaryPassword: ['firstName', 'temporaryPassword', 'link'],
  usernameChanged: ['firstName', 'newUserName'],
  passwordChanged: ['firstName'],
  outbidEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'link'],
  outbidSms: ['lotNumber', 'lotName', 'link'],
  lotWonEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'amount', 'link'],
  lotWonSms: ['lotNumber', 'lotName', 'amount', 'link'],
  outbidPush: ['lotNumber', 'lotName', 'link'],
  lotWonPush: ['lotNumber', 'lotName', 'amount', 'link'],
  lotWonAfterRemovalEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'amount', 'link'],
  lotWonAfterRemovalSms: ['lotNumber', 'lotName', 'amount', 'link'],
  lotWonAfterRemovalPush: ['lotNumber', 'lotName', 'amount', 'link'],
  lotWinWithdrawnEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'link'],
  lotWinWithdrawnSms: ['lotNumber', 'lotName', 'link'],
  lotWinWithdrawnPush: ['lotNumber', 'lotName', 'link'],
  lotWonAfterCorrectionEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'amount', 'link'],
  lotWonAfterCorrectionSms: ['lotNumber', 'lotName', 'amount', 'link'],
  lotWonAfterCorrectionPush: ['lotNumber', 'lotName', 'amount', 'link'],
  lotWinWithdrawnByCorrectionEmail: ['firstName', 'lotNumber', 'lotName', 'auctionName', 'link'],
  lotWinWithdrawnByCorrectionSms: ['lotNumber', 'lotName', 'link'],
  lotWinWithdrawnByCorrectionPush: ['lotNumber', 'lotName', 'link'],
  auctionInvoiceEmail: ['invoiceNumber', 'auctionName', 'amount', 'link'],
  invoicePaidEmail: ['firstName', 'invoiceNumber', 'auctionName', 'amount', 'receiptNumber', 'link'],
  donationReceiptReplacedEmail: [
    'firstName',
    'invoiceNumber',
    'auctionName',
    'replacedReceiptNumber',
    'receiptNumber',
    'link',
  ],
  invoiceReopenedEmail: [
    'firstName',
    'invoiceNumber',
    'auctionName',
    'amount',
    'amountDue',
    'voidedReceiptNumber',
    'link',
  ],
  auctionAnnouncementEmail: ['firstName', 'auctionName', 'announcement', 'link'],
  auctionAnnouncementSms: ['auctionName', 'announcement', 'link'],
  auctionAnnouncementPush: ['auctionName', 'announcement', 'link'],
} as const satisfies Record<MessageTemplate, readonly ParamName[]>;

export type TemplateParams<T extends MessageTemplate> = Record<(typeof templateParams)[T][number], string>;

/** An email is written once as blocks; the plain-text and the HTML bodies are both made from them. */
export type Block = { text: string } | { link: string; label: string } | { code: string } | { unsubscribe: string };

/** The line every email ends with when its recipient has an account (RFC 8058 also puts it in the headers). */
const unsubscribeLabel = {
  en: 'To stop receiving these emails, unsubscribe',
  fr: 'Pour ne plus recevoir ces courriels, désabonnez-vous',
};

export interface EmailContent {
  subject: string;
  blocks: Block[];
}

type Render<T extends MessageTemplate, C> = Record<Language, (params: TemplateParams<T>) => C>;
type Template<T extends MessageTemplate> =
  | { channel: 'email'; render: Render<T, EmailContent> }
  | { channel: 'sms'; render: Render<T, string> }
  | { channel: 'push'; render: Render<T, PushContent> };

/** A Web Push notification: what the service worker shows, and the page a click opens. */
export interface PushContent {
  title: string;
  body: string;
}

/**
 * A French text: the spaces its own punctuation takes are made unbreakable (contract
 * `frenchSpacing`), so that no line of an email or a notification starts with « : » or « ! ».
 * The values put in it (a name, an organiser's words, a link) stay exactly as they were written.
 */
function french(parts: TemplateStringsArray, ...values: unknown[]): string {
  return parts.reduce(
    (text, part, index) => text + frenchSpacing(part) + (index < values.length ? String(values[index]) : ''),
    '',
  );
}

const hello = {
  en: (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  fr: (firstName: string) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
};
/**
 * An auction named in a sentence. Organisers often put the word in the name ("Autumn Auction",
 * « Encan d'automne »), which "the Autumn Auction auction" would repeat: such a name stands alone.
 */
const theAuction = {
  en: (name: string) => (/\bauction\b/i.test(name) ? `the ${name}` : `the ${name} auction`),
  fr: (name: string) => (/^encan\b/i.test(name) ? `l’${name}` : `l’encan ${name}`),
};
/** The product's name, the app's own (spec 000 §1 brand 1), in every email of both languages. */
const signature = { en: 'Charity Auctions', fr: 'Encans caritatifs' };

/** An email to a person: greeted by first name, then the blocks, then the product's signature. */
function letter(language: Language, firstName: string, subject: string, blocks: Block[]): EmailContent {
  return { subject, blocks: [{ text: hello[language](firstName) }, ...blocks, { text: signature[language] }] };
}

/** A lot as bidders see it: its number when it has one, and its name. */
const lotLabel = {
  en: (p: { lotNumber: string; lotName: string }) =>
    p.lotNumber === '0' ? `"${p.lotName}"` : `lot ${p.lotNumber}, "${p.lotName}"`,
  fr: (p: { lotNumber: string; lotName: string }) =>
    p.lotNumber === '0' ? french`« ${p.lotName} »` : french`le lot ${p.lotNumber}, « ${p.lotName} »`,
};

/** CAD amounts: $1,234.50 in English, 1 234,50 $ in French (Québec usage). */
const money = {
  en: (amount: string) => {
    const [dollars = '0', cents = '00'] = amount.split('.');
    return `$${dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  },
  fr: (amount: string) => {
    const [dollars = '0', cents = '00'] = amount.split('.');
    return `${dollars.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents}\u00a0$`;
  },
};
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The texts, in English and in French. A template without one of the two languages, or a text
 * using a parameter its template does not declare, does not compile.
 */
export const templates: { [T in MessageTemplate]: Template<T> } = {
  emailConfirmation: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, 'Confirm your email address', [
          { text: 'Thank you for registering. Please confirm your email address to finish creating your account.' },
          { link: p.link, label: 'Confirm my email address' },
          { text: 'If you did not create an account, you can ignore this message.' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, 'Confirmez votre adresse courriel', [
          {
            text: 'Merci de votre inscription. Veuillez confirmer votre adresse courriel pour terminer la création de votre compte.',
          },
          { link: p.link, label: 'Confirmer mon adresse courriel' },
          { text: 'Si vous n’avez pas créé de compte, vous pouvez ignorer ce message.' },
        ]),
    },
  },
  passwordRecoveryEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, 'Reset your password', [
          { text: 'We received a request to reset the password of your account. To choose a new one, use this link:' },
          { link: p.link, label: 'Choose a new password' },
          { text: 'If you did not ask for this, ignore this message: your password stays the same.' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, 'Réinitialisez votre mot de passe', [
          {
            text: french`Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Pour en choisir un nouveau, utilisez ce lien :`,
          },
          { link: p.link, label: 'Choisir un nouveau mot de passe' },
          { text: french`Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.` },
        ]),
    },
  },
  passwordRecoveryCode: {
    channel: 'sms',
    render: {
      en: (p) => `Your password recovery code is ${p.code}. It is valid for 10 minutes. Never share it with anyone.`,
      fr: (p) =>
        `Votre code de récupération du mot de passe est ${p.code}. Il est valide pendant 10 minutes. Ne le communiquez à personne.`,
    },
  },
  phoneValidationCode: {
    channel: 'sms',
    render: {
      en: (p) => `Your phone number validation code is ${p.code}.`,
      fr: (p) => `Votre code de validation du numéro de téléphone est ${p.code}.`,
    },
  },
  onboardingInvite: {
    channel: 'sms',
    render: {
      en: (p) =>
        `${hello.en(p.firstName)} ${theAuction.en(p.auctionName)} invites you to take part. Sign up here: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`${hello.fr(p.firstName)} ${theAuction.fr(p.auctionName)} vous invite à participer. Inscrivez-vous ici : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  temporaryPassword: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, 'Your temporary password', [
          { text: 'An administrator created a temporary password for your account:' },
          { code: p.temporaryPassword },
          { text: 'Log in with it, then choose a new password of your own right away.' },
          { link: p.link, label: 'Log in' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, 'Votre mot de passe temporaire', [
          { text: french`Un administrateur a créé un mot de passe temporaire pour votre compte :` },
          { code: p.temporaryPassword },
          { text: 'Connectez-vous avec celui-ci, puis choisissez aussitôt votre propre mot de passe.' },
          { link: p.link, label: 'Me connecter' },
        ]),
    },
  },
  usernameChanged: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, 'Your login email address was changed', [
          { text: `The email address you log in with was changed to ${p.newUserName}. Use it from now on.` },
          { text: 'If you did not make this change, contact the organizers of your auction right away.' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, 'Votre adresse courriel de connexion a été modifiée', [
          {
            text: `L’adresse courriel avec laquelle vous vous connectez a été remplacée par ${p.newUserName}. Utilisez-la désormais.`,
          },
          {
            text: 'Si vous n’êtes pas à l’origine de ce changement, communiquez sans tarder avec les organisateurs de votre encan.',
          },
        ]),
    },
  },
  passwordChanged: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, 'Your password was changed', [
          { text: 'The password of your account was changed. If you made this change, there is nothing else to do.' },
          {
            text: 'If you did not, reset your password right away from the login page and contact the organizers of your auction.',
          },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, 'Votre mot de passe a été modifié', [
          {
            text: 'Le mot de passe de votre compte a été modifié. Si vous êtes à l’origine de ce changement, vous n’avez rien d’autre à faire.',
          },
          {
            text: 'Sinon, réinitialisez sans tarder votre mot de passe depuis la page de connexion et communiquez avec les organisateurs de votre encan.',
          },
        ]),
    },
  },
  outbidEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `You have been outbid on ${lotLabel.en(p)}`, [
          { text: `Another bidder has outbid you on ${lotLabel.en(p)} in ${theAuction.en(p.auctionName)}.` },
          { text: 'Bid again before the lot closes to take back the lead.' },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, `Votre mise a été dépassée sur ${lotLabel.fr(p)}`, [
          {
            text: `Un autre enchérisseur a dépassé votre mise sur ${lotLabel.fr(p)} de ${theAuction.fr(p.auctionName)}.`,
          },
          { text: 'Misez de nouveau avant la fermeture du lot pour reprendre la tête.' },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  outbidSms: {
    channel: 'sms',
    render: {
      en: (p) => `You have been outbid on ${lotLabel.en(p)}. Bid again: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Votre mise a été dépassée sur ${lotLabel.fr(p)}. Misez de nouveau : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  lotWonEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `You won ${lotLabel.en(p)}`, [
          {
            text: `Congratulations! ${capitalised(lotLabel.en(p))} of ${theAuction.en(p.auctionName)} closed and you won it for ${money.en(p.amount)}.`,
          },
          { text: 'The organizers will send you your invoice and the details to pick it up.' },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, `Vous avez remporté ${lotLabel.fr(p)}`, [
          {
            text: french`Félicitations ! ${capitalised(lotLabel.fr(p))} de ${theAuction.fr(p.auctionName)} est fermé et vous l’avez remporté pour ${money.fr(p.amount)}.`,
          },
          { text: 'Les organisateurs vous enverront votre facture et les détails pour le récupérer.' },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  lotWonSms: {
    channel: 'sms',
    render: {
      en: (p) => `You won ${lotLabel.en(p)} for ${money.en(p.amount)}. Details: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Vous avez remporté ${lotLabel.fr(p)} pour ${money.fr(p.amount)}. Détails : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  // Web Push (docs/messages.md): short, the lot's name in the body; a click opens `link`.
  outbidPush: {
    channel: 'push',
    render: {
      en: (p) => ({
        title: 'You have been outbid',
        body: `${capitalised(lotLabel.en(p))}. Bid again before it closes.`,
      }),
      fr: (p) => ({
        title: 'Votre mise a été dépassée',
        body: `${capitalised(lotLabel.fr(p))}. Misez de nouveau avant la fermeture.`,
      }),
    },
  },
  lotWonPush: {
    channel: 'push',
    render: {
      en: (p) => ({ title: 'You won!', body: `${capitalised(lotLabel.en(p))}, for ${money.en(p.amount)}.` }),
      fr: (p) => ({
        title: french`Vous avez gagné !`,
        body: `${capitalised(lotLabel.fr(p))}, pour ${money.fr(p.amount)}.`,
      }),
    },
  },
  // A removal after the close changed the winner (DESIGN.md §3 rule 4): both bidders are told.
  lotWonAfterRemovalEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `You now win ${lotLabel.en(p)}`, [
          {
            text: `After ${lotLabel.en(p)} of ${theAuction.en(p.auctionName)} closed, the organizers removed a bid, which changed its result: you are now its winner, for ${money.en(p.amount)}.`,
          },
          { text: 'The organizers will send you your invoice and the details to pick it up.' },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, `Vous remportez maintenant ${lotLabel.fr(p)}`, [
          {
            text: french`Après la fermeture de ${lotLabel.fr(p)} de ${theAuction.fr(p.auctionName)}, les organisateurs ont retiré une mise, ce qui en a changé le résultat : vous remportez maintenant ce lot, pour ${money.fr(p.amount)}.`,
          },
          { text: 'Les organisateurs vous enverront votre facture et les détails pour le récupérer.' },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  lotWonAfterRemovalSms: {
    channel: 'sms',
    render: {
      en: (p) =>
        `A bid was removed after ${lotLabel.en(p)} closed: you now win it, for ${money.en(p.amount)}. Details: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Une mise a été retirée après la fermeture de ${lotLabel.fr(p)} : vous le remportez maintenant, pour ${money.fr(p.amount)}. Détails : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  lotWonAfterRemovalPush: {
    channel: 'push',
    render: {
      en: (p) => ({ title: 'You now win!', body: `${capitalised(lotLabel.en(p))}, for ${money.en(p.amount)}.` }),
      fr: (p) => ({
        title: 'Vous remportez maintenant le lot',
        body: `${capitalised(lotLabel.fr(p))}, pour ${money.fr(p.amount)}.`,
      }),
    },
  },
  lotWinWithdrawnEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `You no longer win ${lotLabel.en(p)}`, [
          {
            text: `After ${lotLabel.en(p)} of ${theAuction.en(p.auctionName)} closed, the organizers removed a bid, which changed its result: you are no longer its winner and will not be billed for it.`,
          },
          { text: 'If you have a question about it, contact the organizers of the auction.' },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, `Vous ne remportez plus ${lotLabel.fr(p)}`, [
          {
            text: french`Après la fermeture de ${lotLabel.fr(p)} de ${theAuction.fr(p.auctionName)}, les organisateurs ont retiré une mise, ce qui en a changé le résultat : vous ne remportez plus ce lot et il ne vous sera pas facturé.`,
          },
          { text: 'Pour toute question, communiquez avec les organisateurs de l’encan.' },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  lotWinWithdrawnSms: {
    channel: 'sms',
    render: {
      en: (p) =>
        `A bid was removed after ${lotLabel.en(p)} closed: you no longer win it and will not be billed. Details: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Une mise a été retirée après la fermeture de ${lotLabel.fr(p)} : vous ne le remportez plus et il ne vous sera pas facturé. Détails : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  lotWinWithdrawnPush: {
    channel: 'push',
    render: {
      en: (p) => ({ title: 'You no longer win this lot', body: `${capitalised(lotLabel.en(p))}: a bid was removed.` }),
      fr: (p) => ({
        title: 'Vous ne remportez plus ce lot',
        body: french`${capitalised(lotLabel.fr(p))} : une mise a été retirée.`,
      }),
    },
  },
  /**
   * A sale recorded on stage corrected (a misread paddle, a mistyped hammer price): the winner it
   * now stands at is told, also when only the price changed, so the wording says the sale was
   * corrected and they win it, never that they "now" win it (they may have won it all along); the
   * bidder it was recorded on by mistake is told they do not win it. Nothing was removed: the
   * removal notices' wording would be wrong here.
   */
  lotWonAfterCorrectionEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `Sale corrected: you win ${lotLabel.en(p)}`, [
          {
            text: `The organizers of ${theAuction.en(p.auctionName)} corrected the sale recorded on stage for ${lotLabel.en(p)}: you win it, for ${money.en(p.amount)}.`,
          },
          {
            text: 'This price replaces any other you may have been told for this lot. The organizers will send you your invoice and the details to pick it up.',
          },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`Vente corrigée : vous remportez ${lotLabel.fr(p)}`, [
          {
            text: french`Les organisateurs de ${theAuction.fr(p.auctionName)} ont corrigé la vente enregistrée sur scène pour ${lotLabel.fr(p)} : vous remportez ce lot, pour ${money.fr(p.amount)}.`,
          },
          {
            text: 'Ce prix remplace tout autre prix qui a pu vous être indiqué pour ce lot. Les organisateurs vous enverront votre facture et les détails pour le récupérer.',
          },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  lotWonAfterCorrectionSms: {
    channel: 'sms',
    render: {
      en: (p) =>
        `Stage sale corrected for ${lotLabel.en(p)}: you win it, for ${money.en(p.amount)}. Details: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Vente sur scène corrigée pour ${lotLabel.fr(p)} : vous le remportez, pour ${money.fr(p.amount)}. Détails : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  lotWonAfterCorrectionPush: {
    channel: 'push',
    render: {
      en: (p) => ({
        title: 'Sale corrected: you win',
        body: `${capitalised(lotLabel.en(p))}, for ${money.en(p.amount)}.`,
      }),
      fr: (p) => ({
        title: french`Vente corrigée : vous remportez le lot`,
        body: `${capitalised(lotLabel.fr(p))}, pour ${money.fr(p.amount)}.`,
      }),
    },
  },
  lotWinWithdrawnByCorrectionEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `Sale corrected: you do not win ${lotLabel.en(p)}`, [
          {
            text: `The organizers of ${theAuction.en(p.auctionName)} corrected the sale recorded on stage for ${lotLabel.en(p)}: it was recorded in your name by mistake. You do not win this lot and will not be billed for it.`,
          },
          { text: 'If you have a question about it, contact the organizers of the auction.' },
          { link: p.link, label: 'See the lot' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`Vente corrigée : vous ne remportez pas ${lotLabel.fr(p)}`, [
          {
            text: french`Les organisateurs de ${theAuction.fr(p.auctionName)} ont corrigé la vente enregistrée sur scène pour ${lotLabel.fr(p)} : elle avait été enregistrée à votre nom par erreur. Vous ne remportez pas ce lot et il ne vous sera pas facturé.`,
          },
          { text: 'Pour toute question, communiquez avec les organisateurs de l’encan.' },
          { link: p.link, label: 'Voir le lot' },
        ]),
    },
  },
  lotWinWithdrawnByCorrectionSms: {
    channel: 'sms',
    render: {
      en: (p) =>
        `Stage sale corrected for ${lotLabel.en(p)}: it was recorded in your name by mistake. You do not win it and will not be billed for it. Details: ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`Vente sur scène corrigée pour ${lotLabel.fr(p)} : elle était à votre nom par erreur. Vous ne le remportez pas et il ne vous sera pas facturé. Détails : ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  lotWinWithdrawnByCorrectionPush: {
    channel: 'push',
    render: {
      en: (p) => ({
        title: 'Sale corrected: you do not win',
        body: `${capitalised(lotLabel.en(p))}: the sale was recorded in your name by mistake.`,
      }),
      fr: (p) => ({
        title: french`Vente corrigée : vous ne remportez pas le lot`,
        body: french`${capitalised(lotLabel.fr(p))} : la vente avait été enregistrée à votre nom par erreur.`,
      }),
    },
  },
  /** POST /api/documents/send-auction-invoice: the invoice's PDF is attached. */
  auctionInvoiceEmail: {
    channel: 'email',
    render: {
      en: (p) => ({
        subject: `Invoice #${p.invoiceNumber}: ${p.auctionName}`,
        blocks: [
          { text: 'Hello,' },
          {
            text: `Here is invoice #${p.invoiceNumber} of ${theAuction.en(p.auctionName)}, for ${money.en(p.amount)}, attached as a PDF.`,
          },
          { link: p.link, label: 'See the invoice' },
          { text: signature.en },
        ],
      }),
      fr: (p) => ({
        subject: french`Facture no ${p.invoiceNumber} : ${p.auctionName}`,
        blocks: [
          { text: 'Bonjour,' },
          {
            text: french`Voici la facture no ${p.invoiceNumber} de ${theAuction.fr(p.auctionName)}, de ${money.fr(p.amount)}, jointe en PDF.`,
          },
          { link: p.link, label: 'Voir la facture' },
          { text: signature.fr },
        ],
      }),
    },
  },
  /** Sent once when an invoice is paid: the invoice's PDF, and the donation receipt's when it earns one. */
  invoicePaidEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `Payment received: invoice #${p.invoiceNumber}`, [
          {
            text: `Thank you! We received your payment of ${money.en(p.amount)} for invoice #${p.invoiceNumber} of ${theAuction.en(p.auctionName)}. The paid invoice is attached.`,
          },
          ...(p.receiptNumber
            ? [{ text: `Your official donation receipt #${p.receiptNumber} for income tax purposes is attached too.` }]
            : []),
          { link: p.link, label: 'See the invoice' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`Paiement reçu : facture no ${p.invoiceNumber}`, [
          {
            text: french`Merci ! Nous avons reçu votre paiement de ${money.fr(p.amount)} pour la facture no ${p.invoiceNumber} de ${theAuction.fr(p.auctionName)}. La facture payée est jointe.`,
          },
          ...(p.receiptNumber
            ? [{ text: french`Votre reçu officiel de don no ${p.receiptNumber} aux fins de l’impôt est aussi joint.` }]
            : []),
          { link: p.link, label: 'Voir la facture' },
        ]),
    },
  },
  /**
   * Sent when a refund changed the gift of a paid invoice: the receipt the donor has is void, and
   * the replacement (when what is left still earns one) is attached.
   */
  donationReceiptReplacedEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `Your donation receipt #${p.replacedReceiptNumber} is void`, [
          {
            text: `A refund on invoice #${p.invoiceNumber} of ${theAuction.en(p.auctionName)} changed the amount of your gift, so donation receipt #${p.replacedReceiptNumber} is void: please do not use it for income tax purposes.`,
          },
          p.receiptNumber
            ? {
                text: `Receipt #${p.receiptNumber}, attached, replaces it for the gift that remains.`,
              }
            : { text: 'What remains of the gift no longer earns a donation receipt.' },
          { link: p.link, label: 'See the invoice' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`Votre reçu de don no ${p.replacedReceiptNumber} est annulé`, [
          {
            text: french`Un remboursement sur la facture no ${p.invoiceNumber} de ${theAuction.fr(p.auctionName)} a changé le montant de votre don : le reçu de don no ${p.replacedReceiptNumber} est donc annulé. Ne l’utilisez pas aux fins de l’impôt.`,
          },
          p.receiptNumber
            ? { text: french`Le reçu no ${p.receiptNumber}, joint, le remplace pour le don qui reste.` }
            : { text: 'Ce qui reste du don ne donne plus droit à un reçu.' },
          { link: p.link, label: 'Voir la facture' },
        ]),
    },
  },
  /**
   * Sent when the organisation cancelled a payment recorded by hand on a paid invoice (a cheque
   * that bounced, an amount typed twice): the invoice owes that amount again, and the receipt the
   * payment earned is void. The staff's reason stays in the console: it is their note, not a message.
   */
  invoiceReopenedEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `Invoice #${p.invoiceNumber} is due again`, [
          {
            text: `The organization of ${theAuction.en(p.auctionName)} has cancelled the payment of ${money.en(p.amount)} recorded on invoice #${p.invoiceNumber}. The invoice is no longer paid: ${money.en(p.amountDue)} is due.`,
          },
          ...(p.voidedReceiptNumber
            ? [
                {
                  text: `Donation receipt #${p.voidedReceiptNumber} is void: please do not use it for income tax purposes. A new receipt will be sent once the invoice is paid.`,
                },
              ]
            : []),
          { link: p.link, label: 'See and pay the invoice' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`La facture no ${p.invoiceNumber} est de nouveau à payer`, [
          {
            text: french`L’organisation de ${theAuction.fr(p.auctionName)} a annulé le paiement de ${money.fr(p.amount)} inscrit sur la facture no ${p.invoiceNumber}. La facture n’est plus payée : ${money.fr(p.amountDue)} reste à payer.`,
          },
          ...(p.voidedReceiptNumber
            ? [
                {
                  text: french`Le reçu de don no ${p.voidedReceiptNumber} est annulé : ne l’utilisez pas aux fins de l’impôt. Un nouveau reçu vous sera envoyé une fois la facture payée.`,
                },
              ]
            : []),
          { link: p.link, label: 'Voir et payer la facture' },
        ]),
    },
  },
  // An organiser's words to the auction's guests (docs/messages.md "Announcements to guests"):
  // quoted as written, under the auction's name, so a guest sees who is speaking.
  auctionAnnouncementEmail: {
    channel: 'email',
    render: {
      en: (p) =>
        letter('en', p.firstName, `${p.auctionName}: a message from the organizers`, [
          { text: `The organizers of ${p.auctionName} write:` },
          { text: p.announcement },
          { link: p.link, label: 'See the auction' },
        ]),
      fr: (p) =>
        letter('fr', p.firstName, french`${p.auctionName} : un message des organisateurs`, [
          { text: french`Les organisateurs de ${p.auctionName} vous écrivent :` },
          { text: p.announcement },
          { link: p.link, label: 'Voir l’encan' },
        ]),
    },
  },
  auctionAnnouncementSms: {
    channel: 'sms',
    render: {
      en: (p) => `${p.auctionName}: ${p.announcement} ${p.link} Reply STOP to opt out.`,
      fr: (p) =>
        french`${p.auctionName} : ${p.announcement} ${p.link} Répondez STOP pour ne plus recevoir de messages.`,
    },
  },
  auctionAnnouncementPush: {
    channel: 'push',
    render: {
      en: (p) => ({ title: p.auctionName, body: p.announcement }),
      fr: (p) => ({ title: p.auctionName, body: p.announcement }),
    },
  },
};

export type RenderedMessage =
  | { channel: 'email'; subject: string; text: string; html: string }
  | { channel: 'sms'; text: string };

/** A job that can never be sent as it is: retrying would not help. */
export class InvalidMessageError extends Error {}

/**
 * Checks the job's params against its template and renders it in the job's language. An email
 * given its recipient's unsubscribe page ends with a link to it.
 */
export function renderMessage(
  job: Pick<MessageJob, 'channel' | 'language' | 'template' | 'params'>,
  options: { unsubscribePage?: string } = {},
): RenderedMessage {
  const template = templates[job.template] as Template<MessageTemplate>;
  if (template.channel !== job.channel) {
    throw new InvalidMessageError(`template ${job.template} is sent by ${template.channel}, not ${job.channel}`);
  }
  const params = validParams(job.template, job.params);
  if (template.channel === 'sms') return { channel: 'sms', text: template.render[job.language](params) };
  if (template.channel === 'push') throw new InvalidMessageError(`template ${job.template} is a push: renderPush`);
  const content = template.render[job.language](params);
  if (options.unsubscribePage) content.blocks.push({ unsubscribe: options.unsubscribePage });
  return {
    channel: 'email',
    subject: content.subject,
    text: emailText(content.blocks, job.language),
    html: emailHtml(content.subject, content.blocks, job.language),
  };
}

/** A push job's notification in its language, and the page a click on it opens. */
export function renderPush(job: Pick<MessageJob, 'channel' | 'language' | 'template' | 'params'>): PushContent & {
  link: string;
} {
  const template = templates[job.template] as Template<MessageTemplate>;
  if (template.channel !== 'push' || job.channel !== 'push') {
    throw new InvalidMessageError(`template ${job.template} is sent by ${template.channel}, not ${job.channel}`);
  }
  const params = validParams(job.template, job.params);
  return { ...template.render[job.language](params), link: (params as { link: string }).link };
}

function validParams(template: MessageTemplate, params: Record<string, string>): TemplateParams<MessageTemplate> {
  const names: readonly ParamName[] = templateParams[template];
  const schema = z.object(Object.fromEntries(names.map((name) => [name, paramSchemas[name]])));
  const result = schema.safeParse(params);
  if (!result.success) {
    // Names only: the values are codes, passwords and links.
    const bad = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
    throw new InvalidMessageError(`template ${template}: missing or invalid params: ${bad.join(', ')}`);
  }
  return result.data as TemplateParams<MessageTemplate>;
}

function emailText(blocks: Block[], language: Language): string {
  // French typography puts a space before a colon, one that never breaks the line.
  const colon = language === 'fr' ? `${NO_BREAK_SPACE}:` : ':';
  const paragraphs = blocks.map((block) => {
    if ('link' in block) return `${block.label}${colon}\n${block.link}`;
    if ('code' in block) return `    ${block.code}`;
    if ('unsubscribe' in block) return `--\n${unsubscribeLabel[language]}${colon}\n${block.unsubscribe}`;
    return block.text;
  });
  return `${paragraphs.join('\n\n')}\n`;
}

function emailHtml(subject: string, blocks: Block[], language: Language): string {
  const body = blocks
    .map((block) => {
      if ('link' in block) {
        const href = escapeHtml(block.link);
        return (
          `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>\n` +
          `<p style="font-size:13px;color:#555555;word-break:break-all"><a href="${href}">${href}</a></p>`
        );
      }
      if ('code' in block) {
        return `<p style="font-family:monospace;font-size:18px;letter-spacing:1px">${escapeHtml(block.code)}</p>`;
      }
      if ('unsubscribe' in block) {
        return `<p style="font-size:12px;color:#555555;border-top:1px solid #dddddd;padding-top:8px"><a href="${escapeHtml(block.unsubscribe)}">${escapeHtml(unsubscribeLabel[language])}</a></p>`;
      }
      return `<p>${escapeHtml(block.text)}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111111;max-width:600px;margin:0 auto;padding:16px">
${body}
</body>
</html>
`;
}
