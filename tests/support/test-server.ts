import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https';

/**
 * Every HTTP server the tests run (the provider emulator, the client receiver, the proxies, the
 * WooCommerce REST stand-in, a test's own upstream) is made here, so that no test server closes an
 * idle keep-alive socket a client may still reuse (tests/README.md, Decisions):
 *
 * - it keeps idle sockets for TEST_SERVER_KEEP_ALIVE_MS (65 s, Node adds 1 s; the worker's own
 *   value), headersTimeout just above it, as worker/src/main.ts does;
 * - it advertises `Keep-Alive: timeout=5` — Node's default — and not its real 65 s: undici (global
 *   fetch, the worker's agents) and Node's http.Agent keep an idle socket for the advertised time
 *   minus 2 s (undici) or 1 s (Node), so advertising the real value would leave them the same 2–3 s
 *   margin a default Node server leaves. Advertised 5 s, kept 66 s: a client's event loop may be
 *   blocked for a minute (execFileSync of the hub CLI, a busy machine) before the server's close
 *   can meet its reuse.
 *
 * With Node's defaults (keep 5 s + 1 s, advertise 5 s) an idle socket the server closed while a
 * client's loop was blocked for 3 s is reused once the loop runs again: `fetch failed … other side
 * closed` (the e2e suite's client receiver did that once on a busy machine).
 */
export const TEST_SERVER_KEEP_ALIVE_MS = 65_000;
export const TEST_SERVER_HEADERS_TIMEOUT_MS = 66_000;
/** What the servers announce in `Keep-Alive: timeout=<s>`: far less than they keep. */
export const ADVERTISED_KEEP_ALIVE_S = 5;

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** Gives an existing server the test servers' keep-alive settings (for servers made elsewhere). */
export function keepIdleSockets<T extends Server>(server: T): T {
  server.keepAliveTimeout = TEST_SERVER_KEEP_ALIVE_MS;
  server.headersTimeout = TEST_SERVER_HEADERS_TIMEOUT_MS;
  // Node writes its own Keep-Alive header only when the answer sets none.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (response.shouldKeepAlive) response.setHeader('Keep-Alive', `timeout=${ADVERTISED_KEEP_ALIVE_S}`);
  });
  return server;
}

/** `http.createServer(listener)` with the test servers' keep-alive settings (not listening yet). */
export function createTestServer(listener: Listener): Server {
  return keepIdleSockets(createServer(listener));
}

/** `https.createServer(options, listener)` with the test servers' keep-alive settings (not listening yet). */
export function createHttpsTestServer(options: HttpsOptions, listener: Listener): Server {
  return keepIdleSockets(createHttpsServer(options, listener));
}
