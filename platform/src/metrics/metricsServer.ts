import { createServer, type Server } from 'node:http';
import { mayReadMetrics } from './metricsAccess.ts';
import { METRICS_CONTENT_TYPE, renderMetrics } from './registry.ts';

export interface MetricsServerOptions {
  port: number;
  host: string;
  token: string | undefined;
  log: (line: string) => void;
}

/**
 * GET /metrics for a process without an HTTP server of its own (the workers). Not serving metrics
 * never stops the process: a port already taken (two workers processes on one machine) is logged
 * and the process goes on without it.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<Server | null> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not_found');
      return;
    }
    const allowed = mayReadMetrics(
      {
        socketAddress: request.socket.remoteAddress,
        forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
        authorization: request.headers.authorization,
      },
      options.token,
    );
    if (!allowed) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
      return;
    }
    renderMetrics().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics_failed'),
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      options.log(`metrics not served on ${options.host}:${options.port}: ${error.code ?? error.message}`);
      resolve(null);
    });
    server.listen(options.port, options.host, () => {
      options.log(`metrics on http://${options.host}:${options.port}/metrics`);
      resolve(server);
    });
  });
}
