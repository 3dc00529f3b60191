import { randomInt } from 'node:crypto';
import { fetch as undiciFetch, type Agent } from 'undici';
import { baseUrl, type JsonAnswer, type Lane } from './lanes';
import { noKeepAliveDispatcher } from './test-fetch';

/**
 * Requests from another loopback address than 127.0.0.1 (all of 127.0.0.0/8 is this machine):
 * the worker sees it as the socket address on the direct lane, and WordPress as REMOTE_ADDR,
 * which the shell passes on. Lets a suite exercise per-address limits without locking out
 * 127.0.0.1, which every other suite uses.
 */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const agents = new Map<string, Agent>();

export interface FromInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One HTTP call from `address` (a connection of its own, test-fetch.ts); the body is parsed as JSON when it is JSON. */
export async function callFrom(address: string, lane: Lane, path: string, init: FromInit = {}): Promise<JsonAnswer> {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = noKeepAliveDispatcher({ localAddress: address })));
  const response = await undiciFetch(baseUrl(lane) + path, { ...init, redirect: 'manual', dispatcher: agent });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers as unknown as Headers, body, text };
}

/** Closes the agents (afterAll), so jest does not wait on their sockets. */
export async function closeLoopbackAgents(): Promise<void> {
  await Promise.all([...agents.values()].map((agent) => agent.close()));
  agents.clear();
}
