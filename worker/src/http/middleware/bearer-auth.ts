import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { KEY_PATTERN } from '../../license/api-key-format';
import type { KeyLookup } from '../../license/api-key-cache';
import type { ApiKeyRecord } from '../../license/api-keys';
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import { context } from '../server/context';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A comma never occurs in a key: it is how two Authorization headers arrive, joined (PHP joins
 * them for WordPress; the worker's server does the same). Which one was meant is not ours to guess.
 */
const MORE_THAN_ONE = ',';

/**
 * The Authorization value a request stands for. A route may declare other headers that carry the
 * key (the Messages routes take Anthropic's `x-api-key`, docs/architecture.md §9): such a header
 * counts as `Bearer <key>` when no Authorization is sent; sent beside a different Authorization
 * key, or more than once, it is refused by name. Its value is never logged.
 */
export function authorizationOf(headers: IncomingHttpHeaders, keyHeaders: readonly string[] = []): string | undefined {
  const authorization = headers.authorization;
  for (const name of keyHeaders) {
    const value = headers[name];
    if (value === undefined) continue;
    const key = Array.isArray(value) ? value.join(MORE_THAN_ONE) : value.trim();
    if (key.includes(MORE_THAN_ONE)) throw ApiError.invalidRequest({ [name]: 'was sent more than once: send one key' });
    if (authorization === undefined) return `Bearer ${key}`;
    if (BEARER.exec(authorization)?.[1] !== key)
      throw ApiError.invalidRequest({ [name]: 'names another key than Authorization: send the key in one of them' });
  }
  return authorization;
}

/**
 * The active key an `Authorization: Bearer <key>` header names; else svc_missing_key /
 * svc_invalid_key / svc_key_revoked, or 400 svc_invalid_request for two Authorization headers. At once (or thrown at once) when the key is cached.
 */
export function authenticate(keys: KeyLookup, header: string | undefined): Eventually<ApiKeyRecord> {
  if (header !== undefined && header.includes(MORE_THAN_ONE))
    throw ApiError.invalidRequest({ authorization: 'was sent more than once: send one Authorization header with one key' });
  const match = header ? BEARER.exec(header) : null;
  if (!match) throw ApiError.missingKey();
  const key = match[1]!;
  if (!KEY_PATTERN.test(key)) throw ApiError.invalidKey();
  return andThen(keys.find(key), (record) => {
    if (!record) throw ApiError.invalidKey();
    if (record.status !== 'active') throw ApiError.keyRevoked();
    keys.markUsed(record);
    return record;
  });
}

/** The middleware form of authenticate(), with the route's key headers (authorizationOf). */
export function bearerAuth(keys: KeyLookup, keyHeaders?: readonly string[]) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    context(response).apiKey = await authenticate(keys, authorizationOf(request.headers, keyHeaders));
    next();
  };
}

/** Admin-scope keys only (e.g. PATCH /entitlement). */
export function requireAdminScope(_request: Request, response: Response, next: NextFunction): void {
  if (context(response).apiKey?.scope !== 'admin') {
    throw ApiError.forbidden('This route needs an API key with scope "admin".');
  }
  next();
}
