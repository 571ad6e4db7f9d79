import { errorAnswers, inboundSmsBody, twimlAnswer } from '@auction/contract';
import { liftSmsStop, recordSmsStop, tenDigitPhone } from '@auction/platform';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsKeywordOf, smsKeywordReply, twimlReply } from '../../../sms/smsKeywords.ts';
import { validTwilioSignature } from '../../../sms/twilioSignature.ts';

/**
 * Twilio's inbound SMS webhook (`POST /api/sms/inbound`, form-encoded From and Body). A stop keyword
 * in either language (STOP, ARRET, ARRÊT…: sms/smsKeywords.ts) records the number in sms_opt_outs
 * and sets the sent_stop_date of the users with that number: nothing more is texted to it. START or
 * DEBUT lifts both. HELP or AIDE is answered the help text in the keyword's language; French stop
 * and start are confirmed in French (Twilio confirms its own English keywords, so those get empty
 * TwiML).
 *
 * A request without a valid signature under Twilio's auth token (TWILIO_AUTH_TOKEN; under
 * `npm start`, the local SMS double's) is refused (403) before its body is even validated; without
 * a token every request is, since nothing could tell Twilio from anyone else. The signed URL is
 * built from PUBLIC_URL, the origin Twilio calls, when the API sits behind a proxy.
 */
export default (async (app) => {
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
        summary: "Twilio's inbound SMS webhook (form-encoded, signed): STOP/ARRET, START/DEBUT and HELP/AIDE keywords",
        consumes: ['application/x-www-form-urlencoded'],
        body: inboundSmsBody,
        response: { 200: twimlAnswer, ...errorAnswers(403) },
      },
    },
    async (request, reply) => {
      const phone = tenDigitPhone(request.body.From);
      const keyword = smsKeywordOf(request.body.Body);
      if (!phone || !keyword) return reply.type('text/xml; charset=utf-8').send(twimlReply(null));
      if (keyword.action === 'stop') await recordSmsStop(app.db, phone);
      else if (keyword.action === 'start') await liftSmsStop(app.db, phone);
      return reply.type('text/xml; charset=utf-8').send(twimlReply(smsKeywordReply(keyword)));
    },
  );
}) satisfies FastifyPluginAsyncZod;

function requestedUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  const origin = publicUrl ? publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;
  return `${origin}${request.url}`;
}
