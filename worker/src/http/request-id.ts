import type { NextFunction, Request, Response } from 'express';
import { ulid } from '../support/ids';
import { context } from './context';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every response carries X-Request-Id: the client's when well-formed, else a new one. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  const given = request.get('x-request-id');
  const id = given && WELL_FORMED.test(given) ? given : `req_${ulid()}`;
  context(response).requestId = id;
  response.setHeader('X-Request-Id', id);
  next();
}
