import type { NextFunction, Request, Response } from 'express';
import type { EntitlementGate } from '../license/gate';
import type { ApiKeyRecord } from '../license/api-keys';
import { ApiError } from '../support/api-error';
import { context } from './context';

/** 403 svc_no_entitlement unless the key's site holds at least one of `features`. */
export async function requireFeatures(gate: EntitlementGate, key: ApiKeyRecord | undefined, features: string[]): Promise<void> {
  const held = key ? await gate.features(key.siteUrl) : new Set<string>();
  if (!features.some((feature) => held.has(feature))) throw ApiError.noEntitlement(features.join(' or '));
}

/** The middleware form of requireFeatures(). */
export function featureGate(gate: EntitlementGate, features: string[]) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    await requireFeatures(gate, context(response).apiKey, features);
    next();
  };
}
