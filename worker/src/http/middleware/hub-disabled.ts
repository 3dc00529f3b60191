import type { RequestHandler } from 'express';
import { ApiError } from '../../support/api-error';

/** `503 svc_hub_disabled` while the svc-hub plugin is not active in WordPress (db/plugin-activation.ts). */
export function refuseWhileDisabled(activation: { readonly isActive: boolean }): RequestHandler {
  return (_request, _response, next) => next(activation.isActive ? undefined : ApiError.hubDisabled());
}
