import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { context } from './context';
import { JSON_BODY_LIMIT_BYTES } from './raw-body';
import { applyShellCheck, checkShellSignature, type ShellSignatureOptions } from './shell-signature';

/** How much of a webhook body the audit log keeps. */
export const AUDIT_BODY_BYTES = 64 * 1024;

/** What a webhook request brought, read before anything is decided, for the handler and its audit row. */
export interface WebhookIntake {
  receivedAt: Date;
  /** The whole body when within the limit; empty when oversized. */
  body: Buffer;
  /** The first 64 KiB. */
  head: Buffer;
  bytes: number;
  /** sha256hex of every byte received. */
  sha256: string;
  oversized: boolean;
  /** Why the request's X-Svc-Hub-* signature was refused, or null (unsigned or valid). */
  shellRejection: string | null;
}

interface BodyRead {
  body: Buffer;
  head: Buffer;
  bytes: number;
  sha256: string;
}

/**
 * Reads the whole body as body-parser would (an oversized one is drained, so the client
 * receives the answer), hashing every byte and keeping the first 64 KiB plus, within the
 * limit, the rest.
 */
function readBody(request: Request, limitBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const kept: Buffer[] = [];
    const head: Buffer[] = [];
    let bytes = 0;
    let headBytes = 0;
    let ended = false;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
      if (headBytes < AUDIT_BODY_BYTES) {
        const part = chunk.subarray(0, AUDIT_BODY_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      if (bytes <= limitBytes) kept.push(chunk);
      else kept.length = 0;
    });
    request.on('end', () => {
      ended = true;
      resolve({ body: bytes <= limitBytes ? Buffer.concat(kept) : Buffer.alloc(0), head: Buffer.concat(head), bytes, sha256: hash.digest('hex') });
    });
    request.on('error', reject);
    request.on('close', () => {
      if (!ended) reject(Object.assign(new Error('request aborted'), { type: 'request.aborted' }));
    });
  });
}

function fromBuffer(body: Buffer): BodyRead {
  return { body, head: body.subarray(0, AUDIT_BODY_BYTES), bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
}

/**
 * First step of a webhook route: reads the body with its own 1 MiB limit (an oversized body
 * is not an error here: the handler audits it and answers 413) and checks a shell signature
 * over the streamed hash without throwing, so even a forged one is audited.
 */
export function webhookIntake(options: ShellSignatureOptions, limitBytes = JSON_BODY_LIMIT_BYTES) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const receivedAt = new Date();
    const state = context(response);
    const alreadyRead = Buffer.isBuffer(state.rawBody); // the generic middleware ran (and checked the shell signature)
    const reading = alreadyRead ? Promise.resolve(fromBuffer(state.rawBody)) : readBody(request, limitBytes);
    reading
      .then((read) => {
        let shellRejection: string | null = null;
        if (!alreadyRead) {
          const check = checkShellSignature(request, { sha256: read.sha256 }, options, false);
          shellRejection = 'rejected' in check ? check.rejected : null;
          applyShellCheck(response, 'rejected' in check ? { signed: false } : check);
        }
        state.rawBody = read.body;
        const intake: WebhookIntake = { receivedAt, ...read, oversized: read.bytes > limitBytes, shellRejection };
        response.locals.webhookIntake = intake;
        next();
      })
      .catch(next);
  };
}

export function intakeOf(response: Response): WebhookIntake {
  return response.locals.webhookIntake as WebhookIntake;
}
