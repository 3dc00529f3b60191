import type { ServerResponse } from 'node:http';

/**
 * Answers with a JSON body, as Express's `res.json` does (same Content-Type, a Content-Length,
 * no ETag) but for any ServerResponse: the lean dispatch has no Express response. The body
 * leaves as one string, so node writes the head and the body in one go.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}
