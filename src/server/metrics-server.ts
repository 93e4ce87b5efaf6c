// `/metrics` on a port of its own (`serve --metrics-port`), bound to 127.0.0.1 unless told otherwise: what a
// Prometheus beside the server scrapes, out of reach of the players. Any other path is 404 in the server's one
// error shape.
import { createServer, type ServerResponse } from 'node:http';
import { refusal, type HttpFailure } from './http-errors.js';
import type { ServerMetrics } from './metrics.js';

export interface MetricsEndpoint {
  /** `http://127.0.0.1:9464/metrics` */
  readonly url: string;
  close(): Promise<void>;
}

const refuse = (response: ServerResponse, failure: HttpFailure): void => {
  response.writeHead(failure.status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(failure.body));
};

export async function serveMetrics(metrics: ServerMetrics, port: number, host: string): Promise<MetricsEndpoint> {
  const server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000 }, (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/metrics') {
      metrics.text().then(
        (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        () => refuse(response, refusal('internal', 'http', 'the metrics could not be collected')),
      );
      return;
    }
    refuse(response, refusal('not-found', 'http', 'no route here: GET /metrics'));
  });
  server.keepAliveTimeout = 5_000;
  server.maxConnections = 16;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
