import { stack } from './stack';
import { testFetch } from './test-fetch';

/** The two ways in (docs/architecture.md §1): through WordPress, and straight to the worker (direct lane). */
export type Lane = 'wordpress' | 'direct';
export const LANES: Lane[] = ['wordpress', 'direct'];

export function baseUrl(lane: Lane): string {
  const info = stack();
  return lane === 'wordpress' ? info.wordpressUrl : info.workerUrl;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One HTTP call (a connection of its own, test-fetch.ts); the body is parsed as JSON when it is JSON. */
export async function call(lane: Lane, path: string, init: RequestInit = {}): Promise<JsonAnswer> {
  const response = await testFetch(baseUrl(lane) + path, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
export const json = (value: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});
