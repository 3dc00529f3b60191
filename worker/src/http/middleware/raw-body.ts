import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { context } from '../server/context';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** A route with a body limit of its own (RouteRow `maxBodyBytes`): its method, its path's matcher, the limit. */
export interface BodyLimit {
  method: string;
  matcher: RegExp;
  bytes: number;
}

/**
 * Reads every body as raw bytes (at most 1 MiB, or the route's own limit, else 413 naming it;
 * the reading stops at the limit, nothing more is kept): signatures are computed over the exact
 * bytes, and JSON is parsed later, per route, with the contract's error codes.
 */
export function rawBody(limits: BodyLimit[] = []): RequestHandler {
  const readers = new Map<number, RequestHandler>();
  const reader = (bytes: number) => {
    if (!readers.has(bytes)) readers.set(bytes, express.raw({ type: () => true, limit: bytes }));
    return readers.get(bytes)!;
  };
  return (request: Request, response: Response, next: NextFunction) => {
    const path = request.baseUrl + request.path;
    const own = limits.find((limit) => limit.method === request.method && limit.matcher.test(path));
    reader(own?.bytes ?? JSON_BODY_LIMIT_BYTES)(request, response, (error?: unknown) => {
      if (error) return next(error);
      context(response).rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      next();
    });
  };
}

/** A failure the way body-parser reports it (`type`, and `limit` when too large), so both readers map to the same answer. */
const bodyError = (type: string, status: number, limit?: number) =>
  Object.assign(new Error(`request body: ${type}`), { type, status, limit });

/**
 * The same reading as rawBody() for a request without Content-Encoding, straight from the
 * socket (the lean dispatch has no Express): no body → empty; over `limit` (declared or
 * received) → entity.too.large once the rest has been read off, so the connection stays
 * usable; a client that hangs up → request.aborted; fewer bytes than declared → request.size.invalid.
 * A body with a Content-Length is complete the moment that many bytes arrived: it is handed
 * over then, without waiting for the stream's 'end' (one more turn of Node's stream machinery
 * on every call); more bytes than declared cannot arrive (Node's parser frames the body by it).
 */
export function readBody(request: IncomingMessage, limit = JSON_BODY_LIMIT_BYTES): Promise<Buffer> {
  const declaredHeader = request.headers['content-length'];
  const declared = declaredHeader === undefined ? null : Number(declaredHeader);
  if (request.headers['transfer-encoding'] === undefined && (declared === null || Number.isNaN(declared)))
    return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let tooLarge = declared !== null && declared > limit;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd).off('aborted', onAborted).off('error', onAborted).off('close', onAborted);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      if (!tooLarge && received === declared) finish(null);
    };
    const onEnd = () => {
      if (tooLarge) finish(bodyError('entity.too.large', 413, limit));
      else if (declared !== null && received !== declared) finish(bodyError('request.size.invalid', 400));
      else finish(null);
    };
    const onAborted = () => {
      if (!settled) finish(bodyError('request.aborted', 400));
    };
    // 'close' before 'end' (the socket went away) counts as aborted; after 'end' it changes nothing.
    request.on('data', onData).once('end', onEnd).once('aborted', onAborted).on('error', onAborted).once('close', onAborted);
  });
}
