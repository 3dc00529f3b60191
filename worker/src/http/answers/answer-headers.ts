import type { ServerResponse } from 'node:http';
import type { AnswerHeaders } from '../../router/calls/answer-stream';
import { stageHeader } from './staged-headers';

/**
 * Runs a blocking router call with a fresh header map, then puts what the call set there
 * (`X-Svc-Cache`) on the answer — whether it answered or threw, so an error answer carries
 * them too — unless the head already left.
 */
export async function withAnswerHeaders<T>(response: ServerResponse, call: (headers: AnswerHeaders) => Promise<T>): Promise<T> {
  const headers: AnswerHeaders = new Map();
  try {
    return await call(headers);
  } finally {
    writeAnswerHeaders(response, headers);
  }
}

/** Puts a call's headers on the answer, unless its head already left. */
export function writeAnswerHeaders(response: ServerResponse, headers: AnswerHeaders): void {
  if (response.headersSent) return;
  for (const [name, value] of headers) stageHeader(response, name, value);
}
