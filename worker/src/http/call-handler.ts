import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { context, type RequestContext } from './context';

/**
 * A route handler that needs no Express: what the checks learned (key, parsed JSON, request id)
 * and the plain node response. Both dispatches run it — Express (the WordPress lane, unusual
 * requests) and the lean dispatch (the direct lane's common case), so both answer alike.
 */
export type CallHandler = (state: RequestContext, response: ServerResponse) => Promise<void>;

/** A CallHandler as an Express route handler. */
export function expressCall(handler: CallHandler): RequestHandler {
  return (_request, response) => handler(context(response), response);
}
