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

/** The middleware form of authenticate(). */
export function bearerAuth(keys: KeyLookup) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    context(response).apiKey = await authenticate(keys, request.get('authorization'));
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
