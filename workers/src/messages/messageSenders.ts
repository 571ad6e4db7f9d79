import { type Config, resolveVapidKeys } from '@auction/platform';
import { createPushSender } from '../push/pushSender.ts';
import { createEmailSender } from './emailSender.ts';
import type { MessageSenders } from './messageWorker.ts';
import { createSmsSender } from './smsSender.ts';

/**
 * The senders the configuration allows: email with SMTP_URL, SMS with the three TWILIO_* values,
 * Web Push always (VAPID keys from the environment, else kept in DATA_DIR).
 */
export function createMessageSenders(config: Config): MessageSenders {
  const senders: MessageSenders = {};
  if (config.SMTP_URL) senders.email = createEmailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER) {
    senders.sms = createSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM_NUMBER,
      ...(config.TWILIO_API_URL ? { apiUrl: config.TWILIO_API_URL } : {}),
    });
  }
  senders.push = createPushSender(resolveVapidKeys(config, config.DATA_DIR));
  return senders;
}
