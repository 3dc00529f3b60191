import type { NextFunction, Request, Response } from 'express';
import { ulid } from '../../support/ids';
import { context } from './context';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when well-formed, else a new one. */
export function requestIdFrom(given: string | undefined): string {
  return given && WELL_FORMED.test(given) ? given : `req_${ulid()}`;
}

/** Every response carries X-Request-Id. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  const id = requestIdFrom(request.get('x-request-id'));
  context(response).requestId = id;
  response.setHeader('X-Request-Id', id);
  next();
}
