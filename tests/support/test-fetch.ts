import { Agent as HttpAgent } from 'node:http';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

/**
 * How the tests' own HTTP clients connect (tests/README.md, Decisions): one connection per
 * request, never a kept-alive one. A test process blocks its event loop often (execFileSync of the
 * hub CLI and the stack scripts, a busy machine), and a blocked loop cannot notice that a server
 * closed an idle socket: the next request goes out on it and fails with `fetch failed … other side
 * closed` (undici) or `socket hang up` (node:http), whatever the server's or the client's
 * keep-alive timeout. With no socket kept, there is nothing to reuse; a loopback connection costs
 * well under a millisecond. php -S closes every connection anyway (`Connection: close`).
 *
 * Tests that are about a kept-alive connection (tests/e2e/hostile/ways.ts) make their own agent.
 */

/** An undici dispatcher that opens a connection per request (pipelining 0: `connection: close`). */
export function noKeepAliveDispatcher(options: { localAddress?: string } = {}): Agent {
  return new Agent({ pipelining: 0, ...options });
}

const dispatcher = noKeepAliveDispatcher();

/**
 * `fetch` for tests: the same request and answer as the global fetch (Node's own undici), over a
 * connection of its own that closes with the answer.
 */
export async function testFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const response = await undiciFetch(input, { ...(init as UndiciRequestInit), dispatcher });
  return response as unknown as Response;
}

/** A node:http agent that keeps no socket (each request `Connection: close`), for node:http clients. */
export const noKeepAliveAgent = new HttpAgent({ keepAlive: false });
