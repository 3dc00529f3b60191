import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../../support/api-error';

/**
 * A percent-encoded control character: C0 (%00–%1F), DEL (%7F) or C1 in UTF-8 (%C2%80–%C2%9F).
 * Node refuses them unencoded in a request target, so the encoded form is all there is to find.
 */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/** Whether a raw (still percent-encoded) path carries a control character. */
export function hasControlCharacter(path: string): boolean {
  return ENCODED_CONTROL.test(path);
}

/**
 * First step for every route, both lanes: a path with a control character names no resource,
 * so it is refused before any route, signature or handler sees it — 400 svc_invalid_request
 * with `data.params.path` (the shell answers the same for its namespaces). Decided on the
 * parsed path (`request.path`), so an absolute-form target is judged by its path too.
 */
export function refuseControlCharacters(request: Request, _response: Response, next: NextFunction): void {
  if (hasControlCharacter(request.path)) throw ApiError.invalidRequest({ path: 'contains a control character' });
  next();
}
