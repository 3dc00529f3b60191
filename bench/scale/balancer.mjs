// A small round-robin HTTP balancer for `npm run bench -- scale`: node:http in, one keep-alive
// undici Pool per worker out, each request to the next worker in turn. A worker that refuses
// the connection (it is down) is skipped for a second and the request goes to the next one —
// only when nothing was sent, so a call is never made twice. A request cut mid-way answers 502.
// Usage: node bench/scale/balancer.mjs PORT WORKER_URL [WORKER_URL…]; prints "listening" when ready.
import { createServer } from 'node:http';
import { Pool } from 'undici';

const [port, ...origins] = process.argv.slice(2);
if (!port || origins.length === 0) throw new Error('usage: balancer.mjs PORT WORKER_URL [WORKER_URL…]');
const backends = origins.map((origin) => ({
  origin,
  pool: new Pool(origin, { connections: 128, keepAliveTimeout: 30_000, pipelining: 1 }),
  downUntil: 0,
}));
let next = 0;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const refused = (error) => ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT'].includes(error?.code);

function pick(skip) {
  const now = Date.now();
  for (let tried = 0; tried < backends.length; tried += 1) {
    const backend = backends[next++ % backends.length];
    if (!skip.has(backend) && backend.downUntil <= now) return backend;
  }
  return backends.find((backend) => !skip.has(backend)) ?? null;
}

function badGateway(response, message) {
  if (response.headersSent) return response.destroy();
  response.writeHead(502, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 'balancer_bad_gateway', message, data: { status: 502 } }));
}

async function forward(request, response, body) {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'host'));
  const skip = new Set();
  for (;;) {
    const backend = pick(skip);
    if (!backend) return badGateway(response, 'no worker accepted the connection');
    try {
      const answer = await backend.pool.request({ method: request.method, path: request.url, headers, body });
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      // Whole answers (the bench's chats are blocking): headers and body leave in one write.
      const payload = Buffer.from(await answer.body.arrayBuffer());
      response.writeHead(answer.statusCode, out);
      return response.end(payload);
    } catch (error) {
      if (!refused(error)) return badGateway(response, `the worker failed mid-request: ${error.code ?? error.message}`);
      backend.downUntil = Date.now() + 1000;
      skip.add(backend);
    }
  }
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => void forward(request, response, chunks.length > 0 ? Buffer.concat(chunks) : undefined));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening on ${port}\n`));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void Promise.all(backends.map((backend) => backend.pool.destroy())).finally(() => process.exit(0));
  });
}
