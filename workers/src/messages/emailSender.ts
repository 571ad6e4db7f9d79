import { MESSAGE_ID_HEADER } from '@auction/platform';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  /** The job's id, sent as X-Message-Id so a caught or bounced message leads back to its job. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface EmailSender {
  /** Resolves with the Message-ID header the mail server accepted. */
  send(email: OutgoingEmail): Promise<string>;
  /** Closes the pooled connections; messages still in hand fail (their jobs retry). */
  close(): void;
}

export interface EmailSenderOptions {
  /** smtp://host:port or smtps://user:password@host:465 */
  smtpUrl: string;
  /** MAIL_FROM, e.g. `Charity Auctions <no-reply@auctions.local>` */
  from: string;
  /** Connections kept open to the server at most (default 5, the messages worker's concurrency). */
  maxConnections?: number;
}

/**
 * Email over SMTP with nodemailer, on a pool of connections: a closing minute sends hundreds of
 * emails a second, and a connection per message (TCP, greeting, EHLO, QUIT) cost about twice the
 * workers' CPU per email, and its wait for the greeting (smtp-server waits 100 ms) capped sending
 * near 40 emails a second. Each connection carries up to 100 messages, then is replaced (some
 * servers limit messages per session). Timeouts are short enough that a hung server becomes a
 * retry, not a stuck job; the socket timeout also closes a pooled connection idle that long. A
 * connection dropped in the middle of a message fails that send, so the job retries (with its
 * backoff and its `message_deliveries` row); one that closes before carrying its message (a server
 * refusing at the greeting) is tried again by the pool itself a few times (nodemailer's
 * `maxRequeues`, 5), then fails.
 */
export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: 100,
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
        attachments: email.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: 'base64',
        })),
        headers: { ...email.headers, [MESSAGE_ID_HEADER]: email.messageId },
      });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
