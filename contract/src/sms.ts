import { z } from 'zod';

/**
 * Twilio's inbound SMS webhook (form-encoded): the sender and the text. Twilio sends more fields,
 * which its signature covers and which are kept.
 */
export const inboundSmsBody = z
  .object({
    From: z.string().trim().min(1).max(40),
    Body: z.string().max(2000).default(''),
  })
  .passthrough();

/** The answer to Twilio: empty TwiML (Twilio itself confirms opt-outs to the sender). */
export const twimlAnswer = z.string().describe('Empty TwiML (text/xml)');
