import type { ServerResponse } from 'node:http';
import { headWith } from './staged-headers';

/**
 * Answers with a JSON body, as Express's `res.json` does (same Content-Type, a Content-Length,
 * no ETag) but for any ServerResponse: the lean dispatch has no Express response. The head
 * (with the staged headers: staged-headers.ts) is written in one go, and the body leaves as one
 * string, so node sends the head and the body together.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(
    status,
    headWith(response, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(text))]),
  );
  response.end(text);
}
