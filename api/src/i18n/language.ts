import type { FastifyRequest } from 'fastify';
import type { Language } from './localized.ts';

/** The request's language: Accept-Language picks translations (spec 001 §7); French by default. */
export function languageOf(request: FastifyRequest): Language {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  return header.startsWith('en') ? 'en' : 'fr';
}
