import { createServer } from 'node:net';

/** A start-up failure already put into words for the user: printed as it is, without a stack. */
export class ServiceStartError extends Error {
  override name = 'ServiceStartError';
}

/**
 * Fails early, with the user's own words, when something already listens on the port: a server
 * would otherwise fail later with a message of its own, or, worse, the product would talk to
 * someone else's server.
 */
export function assertPortFree(port: number, failure: (code: string) => Error): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(failure(error.code ?? 'EADDRINUSE')));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolvePromise()));
  });
}
