import type { Response } from 'express';
import type { ApiKeyRecord } from '../../license/api-keys';

/** What the middleware chain learns about a request, kept on `response.locals`. */
export interface RequestContext {
  requestId: string;
  clientIp: string;
  rawBody: Buffer;
  /** Set when the request came through the shell with a valid signature. */
  signed: boolean;
  /** The acting WordPress user on signed admin requests ("" otherwise). */
  wordpressUser: string;
  /** The auth kind of the shell's route-table row, as signed (set when `signed`). */
  shellAuth?: string;
  apiKey?: ApiKeyRecord;
  json?: Record<string, unknown>;
  /** The Content-Type of a call route that reads no JSON (`/images/edits`' multipart form). */
  contentType?: string;
}

export function context(response: Response): RequestContext {
  return response.locals as RequestContext;
}
