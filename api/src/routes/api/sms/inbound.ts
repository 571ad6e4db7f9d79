import { errorAnswers, inboundSmsBody, twimlAnswer } from '@auction/contract';
import { liftSmsStop, recordSmsStop, tenDigitPhone } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validTwilioSignature } from '../../../sms/twilioSignature.ts';

/** Twilio's default opt-out and opt-in keywords: the whole message, any case. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's inbound SMS webhook (`POST /api/sms/inbound`, form-encoded From and Body). A STOP
 * keyword records the number in sms_opt_outs and sets the sent_stop_date of the users with that
 * number: nothing more is texted to it. START or UNSTOP lifts both. The answer is empty TwiML:
 * Twilio itself confirms opt-outs to the sender.
 *
 * A request without a valid signature under Twilio's auth token (TWILIO_AUTH_TOKEN; under
 * `npm start`, the local SMS double's) is refused (403) before its body is even validated; without
 * a token every request is, since nothing could tell Twilio from anyone else. The signed URL is
 * built from PUBLIC_URL, the origin Twilio calls, when the API sits behind a proxy.
 */
export default (async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { twilioAuthToken, publicUrl } = app.settings;
  if (!twilioAuthToken) app.log.warn('TWILIO_AUTH_TOKEN is not set: the inbound SMS webhook refuses every request');
  // Twilio posts forms; parsed here only, so the rest of the API keeps answering 415 to them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/api/sms/inbound',
    {
      // The signature covers every field Twilio sent, so it is checked on the body as received.
      preValidation: async (request, reply) => {
        const params = (request.body ?? {}) as Record<string, string>;
        const signature = request.headers['x-twilio-signature'];
        const url = requestedUrl(request, publicUrl);
        if (
          !twilioAuthToken ||
          !validTwilioSignature(twilioAuthToken, typeof signature === 'string' ? signature : undefined, url, params)
        ) {
          return reply
            .code(403)
            .send({ statusCode: 403, success: false, message: 'forbidden', messages: ['forbidden'] });
        }
      },
      schema: {
        tags: ['sms'],
        summary: "Twilio's inbound SMS webhook (form-encoded, signed): STOP and START keywords",
        consumes: ['application/x-www-form-urlencoded'],
        body: inboundSmsBody,
        response: { 200: twimlAnswer, ...errorAnswers(403) },
      },
    },
    async (request, reply) => {
      const phone = tenDigitPhone(request.body.From);
      const keyword = request.body.Body.trim().toUpperCase();
      if (phone && STOP_WORDS.has(keyword)) await recordSmsStop(app.db, phone);
      else if (phone && START_WORDS.has(keyword)) await liftSmsStop(app.db, phone);
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
}) satisfies FastifyPluginAsync;

function requestedUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  const origin = publicUrl ? publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;
  return `${origin}${request.url}`;
}
