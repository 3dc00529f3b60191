import type { NextFunction, Request, Response } from 'express';
import type { EntitlementGate } from '../../license/gate';
import type { ApiKeyRecord } from '../../license/api-keys';
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import { context } from '../server/context';

/** 403 svc_no_entitlement unless the key's site holds at least one of `features` (at once when cached). */
export function requireFeatures(gate: EntitlementGate, key: ApiKeyRecord | undefined, features: string[]): Eventually<void> {
  return andThen(key ? gate.features(key.siteUrl) : NONE, (held) => {
    if (!features.some((feature) => held.has(feature))) throw ApiError.noEntitlement(features.join(' or '));
  });
}

const NONE: ReadonlySet<string> = new Set();

/** The middleware form of requireFeatures(). */
export function featureGate(gate: EntitlementGate, features: string[]) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    await requireFeatures(gate, context(response).apiKey, features);
    next();
  };
}
