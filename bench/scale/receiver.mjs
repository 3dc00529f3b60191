// The client sites of the outbox phase: one node:http server standing in for every site's
// propagation receiver (POST <site>/wp-json/svc-client/v1/entitlement). It counts each
// webhook-id it receives and answers 204 after `delayMs`, so deliveries are in flight long
// enough for a worker to be killed during them. It checks nothing else (the e2e tests do).
import { createServer } from 'node:http';
import { freePort } from '../stack.mjs';

export async function startReceiver({ delayMs }) {
  const port = await freePort();
  /** webhook-id → how many times it arrived. */
  const seen = new Map();
  let requests = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      const id = request.headers['webhook-id'];
      if (typeof id === 'string') seen.set(id, (seen.get(id) ?? 0) + 1);
      setTimeout(() => response.writeHead(204).end(), delayMs);
    });
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  return {
    origin: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    seen,
    requests: () => requests,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
