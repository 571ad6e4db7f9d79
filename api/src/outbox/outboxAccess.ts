import type { FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * Whether the request was made on this machine: its socket comes from a loopback address (never
 * `request.ip`, which a forwarding header may set), no forwarding header says it was relayed, and
 * no proxy is configured in front of the API (behind one, every request may reach us from loopback).
 */
export function fromThisMachine(request: FastifyRequest, trustProxy: false | number | string[]): boolean {
  if (trustProxy !== false && trustProxy !== 0) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress ?? '';
  return /^(::ffff:)?127\./.test(address) || address === '::1';
}
