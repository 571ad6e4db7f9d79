import { type Db, liftSmsStop, recordSmsStop, tenDigitPhone } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validTwilioSignature } from '../sms/twilioSignature.ts';

/** Twilio's default opt-out and opt-in keywords: the whole message, any case. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

const inboundSms = z.object({
  From: z.string().trim().min(1).max(40),
  Body: z.string().max(2000).default(''),
});

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export interface SmsInboundOptions {
  db: Db;
  /**
   * Twilio's auth token (TWILIO_AUTH_TOKEN; under `npm start`, the local SMS double's). A request
   * without a valid signature under it is refused (403); without a token every request is, since
   * nothing could tell Twilio from anyone else.
   */
  twilioAuthToken?: string;
  /** The public origin Twilio calls (PUBLIC_URL): the signed URL is built from it behind a proxy. */
  publicUrl?: string;
}

/**
 * Twilio's inbound SMS webhook (`POST /api/sms/inbound`, form-encoded From and Body). A STOP
 * keyword records the number in sms_opt_outs and sets the sent_stop_date of the users with that
 * number: nothing more is texted to it. START or UNSTOP lifts both. The answer is empty TwiML:
 * Twilio itself confirms opt-outs to the sender. Registered at the root (the path is absolute).
 */
export const smsInboundRoutes: FastifyPluginAsync<SmsInboundOptions> = async (app, options) => {
  if (!options.twilioAuthToken)
    app.log.warn('TWILIO_AUTH_TOKEN is not set: the inbound SMS webhook refuses every request');
  // Twilio posts forms; parsed here only, so the rest of the API keeps answering 415 to them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/api/sms/inbound', async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = requestedUrl(request, options.publicUrl);
    if (
      !options.twilioAuthToken ||
      !validTwilioSignature(options.twilioAuthToken, typeof signature === 'string' ? signature : undefined, url, params)
    ) {
      return reply.code(403).send({ statusCode: 403, success: false, message: 'forbidden', messages: ['forbidden'] });
    }
    const parsed = inboundSms.safeParse(params);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ statusCode: 400, success: false, message: 'validation_failed', messages: ['validation_failed'] });
    }
    const phone = tenDigitPhone(parsed.data.From);
    const keyword = parsed.data.Body.trim().toUpperCase();
    if (phone && STOP_WORDS.has(keyword)) await recordSmsStop(options.db, phone);
    else if (phone && START_WORDS.has(keyword)) await liftSmsStop(options.db, phone);
    return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
  });
};

function requestedUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  const origin = publicUrl ? publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;
  return `${origin}${request.url}`;
}
