import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../support/api-error';
import type { Logger } from '../support/logger';
import { context } from './context';
import { JSON_BODY_LIMIT_BYTES } from './raw-body';

/** body-parser's own failures, mapped to the contract's codes. */
function fromBodyParser(error: { type?: string; status?: number }): ApiError | null {
  switch (error.type) {
    case 'entity.too.large':
      return ApiError.payloadTooLarge(JSON_BODY_LIMIT_BYTES);
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

/** The one place where a thrown error becomes the WordPress error shape. Never a stack trace. */
export function errorHandler(logger: Logger) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction): void => {
    const apiError =
      error instanceof ApiError
        ? error
        : fromBodyParser(error as { type?: string }) ?? fromExpress(error) ?? ApiError.internal();
    if (apiError.status >= 500) {
      logger.error('request failed', {
        request_id: context(response).requestId,
        method: request.method,
        path: request.path,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    for (const [name, value] of Object.entries(apiError.headers)) response.setHeader(name, value);
    response.status(apiError.status).json(apiError.toBody());
  };
}
