import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../../support/api-error';
import { context } from '../server/context';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON object body: 415 for another content type, 400 `svc_invalid_json` otherwise. */
export function parseJsonObject(contentType: string | undefined, raw: Buffer): Record<string, unknown> {
  if (!contentType || !JSON_TYPE.test(contentType)) throw ApiError.unsupportedMediaType();
  if (raw.length === 0) throw ApiError.invalidJson('the body is empty');
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw ApiError.invalidJson('the body is not UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw ApiError.invalidJson((error as Error).message.replace(/\s+/g, ' ').slice(0, 200));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw ApiError.invalidJson('the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export function jsonBody(request: Request, response: Response, next: NextFunction): void {
  const state = context(response);
  state.json = parseJsonObject(request.get('content-type'), state.rawBody);
  next();
}
