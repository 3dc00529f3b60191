import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isDatabaseUnreachable } from '../../db/unreachable';
import { ApiError } from '../../support/api-error';
import type { Logger } from '../../support/logger';
import { context } from './context';
import { JSON_BODY_LIMIT_BYTES } from '../middleware/raw-body';
import { errorBody, errorHeaders } from '../answers/error-body';
import { sendJson } from '../answers/send-json';
import { stageHeader } from '../answers/staged-headers';

/** body-parser's own failures (and the lean body reader's, which uses the same types), mapped to the contract's codes. */
function fromBodyParser(error: { type?: string; status?: number; limit?: unknown }): ApiError | null {
  switch (error.type) {
    case 'entity.too.large':
      return ApiError.payloadTooLarge(typeof error.limit === 'number' ? error.limit : JSON_BODY_LIMIT_BYTES);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return ApiError.unsupportedMediaType();
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError(400, 'svc_invalid_request', 'The request body could not be read.');
    default:
      return null;
  }
}

/** Client errors raised by express itself (a path parameter that is not valid percent-encoding…). */
function fromExpress(error: unknown): ApiError | null {
  if (error instanceof URIError) {
    return ApiError.invalidRequest({ path: 'contains an invalid percent-encoded sequence' });
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, 'svc_invalid_request', 'The request could not be read.');
  }
  return null;
}

/**
 * Anything thrown on a request path as the contract's error: a database that cannot be reached
 * (MariaDB restarting) is 503 svc_unavailable, "try again"; unknown failures become svc_internal.
 */
function contractError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnreachable(error)) return ApiError.unavailable('The database cannot be reached right now. Try again in a moment.');
  return fromBodyParser(error as { type?: string }) ?? fromExpress(error) ?? ApiError.internal();
}

/**
 * Writes `error` in the WordPress error shape, with OpenAI's or Anthropic's error object on the
 * router's routes (answers/error-body.ts) — never a stack trace, never over 8 KiB
 * (support/error-limits.ts). A 5xx is logged with the request's id;
 * an answer already under way (a stream) is cut instead.
 */
export function answerError(
  logger: Logger,
  response: ServerResponse,
  error: unknown,
  request: { id: string; method: string; path: string },
): void {
  const apiError = contractError(error);
  // A deactivated plugin's 503 is an admin's choice, logged once when it is read (db/plugin-activation.ts).
  if (apiError.status >= 500 && apiError.code !== 'svc_hub_disabled') {
    logger.error('request failed', {
      request_id: request.id,
      method: request.method,
      path: request.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
  if (response.headersSent) {
    response.destroy();
    return;
  }
  for (const [name, value] of Object.entries(errorHeaders(request.path, apiError))) stageHeader(response, name, value);
  sendJson(response, apiError.status, errorBody(request.path, apiError, request.id));
}

/** The one Express error handler: answerError() for every route Express serves. */
export function errorHandler(logger: Logger) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction): void => {
    answerError(logger, response, error, { id: context(response).requestId, method: request.method, path: request.baseUrl + request.path });
  };
}
