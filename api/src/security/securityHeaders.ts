import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BULL_BOARD_PATH } from '../admin/bullBoard.ts';
import { START_SCRIPT_SOURCE } from '../webApp/startAfterFirstPaint.ts';

type Directives = Record<string, string[]>;

/**
 * The web app's Content-Security-Policy. No inline or injected script runs (the built index.html
 * loads its scripts from files) but the auction pages' fixed start script, allowed by its hash; style sheets come from the app's own files, style elements may be
 * injected by script, style attributes never parsed (React sets its style props through the CSSOM,
 * which the policy does not govern); images may be any https address (lot photos
 * and banners live on the organisations' sites or a CDN); the page talks to its own origin only,
 * the hub's WebSocket included; no page may frame it.
 */
export function appDirectives(publicUrl: string): Directives {
  const origin = new URL(publicUrl);
  const hub = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // One inline script by its hash: the auction pages' start (webApp/startAfterFirstPaint.ts).
    'script-src': ["'self'", START_SCRIPT_SOURCE],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // The dialogs' scroll lock injects a <style> element; rich text can hold neither <style> nor style="".
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the same-origin WebSocket in current browsers; the public origin's ws(s) is named for the others.
    'connect-src': ["'self'", hub],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The operator tools served beside the app, third-party pages that set inline styles and, for the
 * queue dashboard, load their fonts from Google: still no inline script and no framing.
 */
export function toolDirectives(publicUrl: string): Directives {
  const app = appDirectives(publicUrl);
  return {
    ...app,
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'style-src-elem': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  };
}

/** Paths whose pages are the operator tools rather than the web app. */
const TOOL_PREFIXES = ['/api/docs', BULL_BOARD_PATH];

/**
 * @fastify/helmet on every answer (API, web app files and its SPA fallback): the policies above,
 * `X-Frame-Options: DENY`, `nosniff`, `Referrer-Policy: no-referrer`, HSTS (browsers heed it on
 * https only), the cross-origin isolation headers. No `upgrade-insecure-requests`: `npm start`
 * serves plain http on the loopback. Registered before any route so the tools' routes get theirs.
 */
export const securityHeaders = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    const toolPolicy = { contentSecurityPolicy: { useDefaults: false, directives: toolDirectives(publicUrl) } };
    // Before helmet's own onRoute hook, which reads a route's `helmet` option.
    app.addHook('onRoute', (route) => {
      if (route.helmet === undefined && TOOL_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
        route.helmet = toolPolicy;
      }
    });
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(publicUrl) },
      frameguard: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
