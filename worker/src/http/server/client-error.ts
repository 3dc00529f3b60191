import type { Duplex } from 'node:stream';
import { ApiError } from '../../support/api-error';
import { errorBody, errorHeaders } from '../answers/error-body';
import { requestIdFrom } from './request-id';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The documented error for a request Node's parser refused before any route saw it. */
export function clientErrorAnswer(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return ApiError.headersTooLarge();
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ApiError.requestTimeout();
  return ApiError.malformedHttp();
}

/**
 * The path of the request line Node's parser had read when it gave up (`rawPacket`), so the
 * answer speaks that path's error dialect (answers/error-body.ts); '' when there is none.
 */
export function requestLinePath(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '';
  const line = /^[A-Z]{1,16} ([^ \r\n?]{1,2048})[^\r\n]* HTTP\/1\.[01]\r?\n/.exec(rawPacket.subarray(0, 2200).toString('latin1'));
  return line ? line[1]! : '';
}

/**
 * `clientError` of the worker's server. Node answers a request it cannot parse (a header block
 * over its limit, a broken request line) itself with a bare status and no body; this answers in
 * the documented error shape instead, so a client — and the shell, which passes the worker's
 * answer on — sees the same JSON on both lanes. A socket already gone is left alone.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = clientErrorAnswer(error.code);
  const path = requestLinePath(error.rawPacket);
  const body = JSON.stringify(errorBody(path, answer, requestIdFrom(undefined)));
  const headers = Object.entries(errorHeaders(path, answer)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      headers.join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
