import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { closeAfterGrace } from '../server/close-after-grace';
import { context } from '../server/context';
import { JSON_BODY_LIMIT_BYTES } from './raw-body';
import { applyShellCheck, checkShellSignature, type ShellSignatureOptions } from '../shell/shell-signature';

/** How much of a webhook body the audit log keeps. */
export const AUDIT_BODY_BYTES = 64 * 1024;

/**
 * How much of a body carrying X-Svc-Hub-* headers is read (hashed, not kept) to check the
 * shell's signature, which covers the whole body: WordPress forwards what PHP accepted
 * (post_max_size, 8 MiB by default). Any other body stops being read past the 1 MiB limit.
 */
export const SHELL_BODY_READ_LIMIT_BYTES = 16 * 1024 * 1024;

/** What a webhook request brought, read before anything is decided, for the handler and its audit row. */
export interface WebhookIntake {
  receivedAt: Date;
  /** The whole body when within the limit; empty when oversized. */
  body: Buffer;
  /** The first 64 KiB. */
  head: Buffer;
  /** Bytes read: all of them, or, when cut off, as far as reading went. */
  bytes: number;
  /** sha256hex of every byte read. */
  sha256: string;
  oversized: boolean;
  /** Reading stopped before the body ended (the answer closes the connection). */
  cutOff: boolean;
  /** Why the request's X-Svc-Hub-* signature was refused, or null (unsigned, valid, or not checkable when cut off). */
  shellRejection: string | null;
}

interface BodyRead {
  body: Buffer;
  head: Buffer;
  bytes: number;
  sha256: string;
  cutOff: boolean;
}

/**
 * Reads the body, hashing every byte and keeping the first 64 KiB plus, within `limitBytes`,
 * the rest. Past `stopAfterBytes` it stops: the request is paused and left unread (its answer
 * carries `Connection: close`, so the socket is closed — after a grace, close-after-grace.ts —
 * instead of drained).
 */
function readBody(request: Request, limitBytes: number, stopAfterBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const kept: Buffer[] = [];
    const head: Buffer[] = [];
    let bytes = 0;
    let headBytes = 0;
    let settled = false;
    const finish = (cutOff: boolean) => {
      settled = true;
      request.off('data', onData);
      const body = bytes <= limitBytes ? Buffer.concat(kept) : Buffer.alloc(0);
      resolve({ body, head: Buffer.concat(head), bytes, sha256: hash.digest('hex'), cutOff });
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
      if (headBytes < AUDIT_BODY_BYTES) {
        const part = chunk.subarray(0, AUDIT_BODY_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      if (bytes <= limitBytes) kept.push(chunk);
      else kept.length = 0;
      if (bytes > stopAfterBytes) {
        request.pause();
        finish(true);
      }
    };
    request.on('data', onData);
    request.on('end', () => {
      if (!settled) finish(false);
    });
    request.on('error', (error) => {
      if (!settled) reject(error);
    });
    request.on('close', () => {
      if (!settled) reject(Object.assign(new Error('request aborted'), { type: 'request.aborted' }));
    });
  });
}

const hasShellHeaders = (request: Request) => Object.keys(request.headers).some((name) => name.startsWith('x-svc-hub-'));

function fromBuffer(body: Buffer): BodyRead {
  return {
    body,
    head: body.subarray(0, AUDIT_BODY_BYTES),
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
    cutOff: false,
  };
}

/**
 * First step of a webhook route: reads the body with its own 1 MiB limit (an oversized body
 * is not an error here: the handler audits it and answers 413), stopping past the limit
 * (a body claiming to come through the shell is read further, to check the signature), and
 * checks a shell signature over the streamed hash without throwing, so even a forged one is
 * audited. A body cut off cannot be checked: the request keeps its socket address.
 */
export function webhookIntake(options: ShellSignatureOptions, limitBytes = JSON_BODY_LIMIT_BYTES) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const receivedAt = new Date();
    const state = context(response);
    const alreadyRead = Buffer.isBuffer(state.rawBody); // the generic middleware ran (and checked the shell signature)
    const stopAfter = hasShellHeaders(request) ? Math.max(limitBytes, SHELL_BODY_READ_LIMIT_BYTES) : limitBytes;
    const reading = alreadyRead ? Promise.resolve(fromBuffer(state.rawBody)) : readBody(request, limitBytes, stopAfter);
    reading
      .then((read) => {
        let shellRejection: string | null = null;
        if (read.cutOff) closeAfterGrace(response);
        if (!alreadyRead && !read.cutOff) {
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
