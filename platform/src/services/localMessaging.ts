import type { Db } from '../db.ts';
import { freePort } from './freePort.ts';
import { type SmsDouble, startSmsDouble } from './smsDouble.ts';
import { type SmtpCatcher, startSmtpCatcher } from './smtpCatcher.ts';

export interface LocalMessaging {
  /** SMTP_URL for the email sender. */
  smtpUrl: string;
  /** TWILIO_API_URL for the SMS sender. */
  twilioApiUrl: string;
  smtp: SmtpCatcher;
  sms: SmsDouble;
  stop(): Promise<void>;
}

/**
 * The SMTP catcher and the SMS double on free ports, both storing what they receive in the
 * given database's outbox_messages: what `npm start` runs when no real SMTP or Twilio is set,
 * and what the tests send to.
 */
export async function startLocalMessaging(options: { db: Db; host?: string }): Promise<LocalMessaging> {
  const host = options.host ?? '127.0.0.1';
  const smtp = await startSmtpCatcher({ db: options.db, host, port: await freePort() });
  let sms: SmsDouble;
  try {
    sms = await startSmsDouble({ db: options.db, host, port: await freePort() });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  return {
    smtpUrl: smtp.url,
    twilioApiUrl: sms.url,
    smtp,
    sms,
    async stop() {
      await Promise.all([smtp.stop(), sms.stop()]);
    },
  };
}
