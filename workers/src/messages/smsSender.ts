import { toE164 } from '@auction/platform';
import twilio from 'twilio';

export interface OutgoingSms {
  /** 10 digits; sent in E.164. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves with the message's SM… sid. Throws SmsRecipientUnsubscribed for Twilio's 21610. */
  send(sms: OutgoingSms): Promise<string>;
}

export interface SmsSenderOptions {
  accountSid: string;
  authToken: string;
  /** E.164 sending number. */
  from: string;
  /** Base URL of a Twilio-compatible API (the local SMS double); unset means Twilio itself. */
  apiUrl?: string;
}

/** Twilio refuses a number that replied STOP to it: error 21610. Sending again would fail again. */
export class SmsRecipientUnsubscribed extends Error {}

const UNSUBSCRIBED_RECIPIENT = 21610;

type RequestOptions<T> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: T };

/**
 * The SDK's own HTTP client, with every request's origin replaced by the base URL: the SDK builds
 * its requests unchanged and only the network boundary moves to the local double.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: URL) {
    super({ timeout: 15_000, keepAlive: false });
  }

  override request<T>(opts: RequestOptions<T>) {
    const original = new URL(opts.uri);
    const target = new URL(this.baseUrl);
    target.pathname = `${this.baseUrl.pathname.replace(/\/$/, '')}${original.pathname}`;
    target.search = original.search;
    return super.request({ ...opts, uri: target.href });
  }
}

/** SMS with the official twilio SDK. */
export function createSmsSender(options: SmsSenderOptions): SmsSender {
  const client = twilio(options.accountSid, options.authToken, {
    autoRetry: false,
    timeout: 15_000,
    ...(options.apiUrl ? { httpClient: new BaseUrlRequestClient(new URL(options.apiUrl)) } : {}),
  });
  return {
    async send(sms) {
      try {
        const message = await client.messages.create({ to: toE164(sms.to), from: options.from, body: sms.body });
        return message.sid;
      } catch (error) {
        if (error instanceof twilio.RestException && error.code === UNSUBSCRIBED_RECIPIENT) {
          throw new SmsRecipientUnsubscribed(`Twilio ${UNSUBSCRIBED_RECIPIENT}: ${error.message}`);
        }
        throw error;
      }
    },
  };
}
