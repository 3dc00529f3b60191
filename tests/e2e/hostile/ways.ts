import { Agent, request } from 'node:http';
import { stack } from '../../support/stack';
import { rawRequest } from './raw-socket';

/**
 * The three ways a request reaches the hub: through WordPress with pretty permalinks
 * (`/wp-json/…`), through WordPress with the plain style (`/?rest_route=/…`), and straight to
 * the worker (the direct lane). Requests go over node:http with the target written as given,
 * byte for byte (fetch would resolve `.`/`..`/`%2E%2E` segments before sending them).
 */
export type Way = 'wordpress' | 'wordpress-plain' | 'direct';
export const WAYS: Way[] = ['wordpress', 'wordpress-plain', 'direct'];

export interface HostileRequest {
  method: string;
  /** The canonical target: `/wp-json/<namespace>/<route>` plus `?query`, already encoded. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Another source address on 127.0.0.0/8 (per-address limits: the webhook). */
  from?: string;
  /** Written on a raw socket instead: the request line and headers, each ending in CRLF (raw-socket.ts). */
  rawHead?: string;
}

export interface HostileAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  bytes: number;
  body: any;
}

/** `/wp-json/x/y?a=b` as the plain permalink style spells it: `/?rest_route=/x/y&a=b`. */
export function onTheWire(way: Way, target: string): string {
  if (way !== 'wordpress-plain') return target;
  const [path, query] = splitTarget(target);
  return `/?rest_route=${path.slice('/wp-json'.length)}${query === undefined ? '' : `&${query}`}`;
}

export function splitTarget(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

const agents = new Map<string, Agent>();

/** One keep-alive connection per way and source address, reused by every case of a file. */
function agentFor(way: Way, from: string | undefined): Agent {
  const name = `${way === 'direct' ? 'direct' : 'wordpress'} ${from ?? ''}`;
  let agent = agents.get(name);
  if (!agent) agents.set(name, (agent = new Agent({ keepAlive: true, maxSockets: 1, ...(from ? { localAddress: from } : {}) })));
  return agent;
}

export function baseUrlOf(way: Way): URL {
  const info = stack();
  return new URL(way === 'direct' ? info.workerUrl : info.wordpressUrl);
}

/** Sends one request and reads the whole answer (a network failure is thrown: it is a finding too). */
export function send(way: Way, hostile: HostileRequest): Promise<HostileAnswer> {
  const base = baseUrlOf(way);
  const body = hostile.body === undefined ? undefined : Buffer.isBuffer(hostile.body) ? hostile.body : Buffer.from(hostile.body);
  if (hostile.rawHead !== undefined) return rawRequest(base, hostile.rawHead, body);
  const headers: Record<string, string> = { ...hostile.headers };
  if (body !== undefined) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: hostile.method,
        path: onTheWire(way, hostile.target),
        headers,
        agent: agentFor(way, hostile.from),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const buffer = Buffer.concat(chunks);
          const text = buffer.toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, bytes: buffer.length, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
