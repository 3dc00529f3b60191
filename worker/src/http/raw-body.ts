import express, { type NextFunction, type Request, type Response } from 'express';
import { context } from './context';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const readRaw = express.raw({ type: () => true, limit: JSON_BODY_LIMIT_BYTES });

/**
 * Reads every body as raw bytes (at most 1 MiB, else 413): signatures are computed over
 * the exact bytes, and JSON is parsed later, per route, with the contract's error codes.
 */
export function rawBody(request: Request, response: Response, next: NextFunction): void {
  readRaw(request, response, (error?: unknown) => {
    if (error) return next(error);
    context(response).rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    next();
  });
}
