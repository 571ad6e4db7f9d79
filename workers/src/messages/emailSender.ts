import { MESSAGE_ID_HEADER } from '@auction/platform';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  /** The job's id, sent as X-Message-Id so a caught or bounced message leads back to its job. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSender {
  /** Resolves with the Message-ID header the mail server accepted. */
  send(email: OutgoingEmail): Promise<string>;
  close(): void;
}

export interface EmailSenderOptions {
  /** smtp://host:port or smtps://user:password@host:465 */
  smtpUrl: string;
  /** MAIL_FROM, e.g. `Charity auctions <no-reply@auctions.local>` */
  from: string;
}

/** Email over SMTP with nodemailer; timeouts short enough that a hung server becomes a retry, not a stuck job. */
export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      const info = await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { [MESSAGE_ID_HEADER]: email.messageId },
      });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
