import type { NextFunction, Request, Response } from 'express';
import type { EntitlementGate } from '../license/gate';
import { ApiError } from '../support/api-error';
import { context } from './context';

/** 403 svc_no_entitlement unless the key's site holds at least one of `features`. */
export function featureGate(gate: EntitlementGate, features: string[]) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    const key = context(response).apiKey;
    const held = key ? await gate.features(key.siteUrl) : new Set<string>();
    if (!features.some((feature) => held.has(feature))) throw ApiError.noEntitlement(features.join(' or '));
    next();
  };
}
