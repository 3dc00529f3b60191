import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../support/api-error';
import { context } from './context';
import { NonceRegistry, SIGNATURE_HEADERS, verify } from './signature';

export interface ShellSignatureOptions {
  secret: string;
  nonces: NonceRegistry;
  now?: () => number;
}

const hasShellHeaders = (request: Request) =>
  Object.keys(request.headers).some((name) => name.startsWith('x-svc-hub-'));

/** What a request's shell signature says: absent (direct lane), valid, or why it was refused. */
export type ShellCheck = { signed: false } | { signed: true; user: string; clientIp: string } | { rejected: string };

/**
 * Checks the shell's signature (DESIGN §1) over the exact bytes received (or their streamed
 * sha256hex) and claims its nonce. A `required` route accepts nothing else; elsewhere an
 * unsigned request is the direct lane, but one carrying any X-Svc-Hub-* header must be validly
 * signed — so nobody can claim a client IP or WordPress user without the secret.
 */
export function checkShellSignature(
  request: Request,
  body: Buffer | { sha256: string },
  options: ShellSignatureOptions,
  required: boolean,
): ShellCheck {
  if (!required && !hasShellHeaders(request)) return { signed: false };
  const now = (options.now ?? (() => Math.floor(Date.now() / 1000)))();
  const header = (name: string) => request.get(name) ?? '';
  const parts = {
    method: request.method,
    pathAndQuery: request.originalUrl,
    timestamp: header(SIGNATURE_HEADERS.timestamp),
    nonce: header(SIGNATURE_HEADERS.nonce),
    authorization: header('authorization'),
    user: header(SIGNATURE_HEADERS.user),
    clientIp: header(SIGNATURE_HEADERS.clientIp),
    ...(Buffer.isBuffer(body) ? { body } : { body: '', bodySha256: body.sha256 }),
  };
  const signature = header(SIGNATURE_HEADERS.signature);
  if (!signature) return { rejected: 'this route only accepts requests signed by the WordPress shell' };
  const result = verify(parts, signature, options.secret, now);
  if (!result.ok) return { rejected: result.reason };
  if (!options.nonces.claim(parts.nonce, now)) return { rejected: 'nonce already used' };
  return { signed: true, user: parts.user, clientIp: parts.clientIp };
}

/** Records a valid check on the request's context: signed, the acting user, the client's address. */
export function applyShellCheck(response: Response, check: { signed: false } | { signed: true; user: string; clientIp: string }): void {
  const state = context(response);
  state.signed = check.signed;
  state.wordpressUser = check.signed ? check.user : '';
  if (check.signed && check.clientIp) state.clientIp = check.clientIp;
}

/** The middleware form of checkShellSignature(): a refused signature is 401 svc_invalid_signature. */
export function shellSignature(options: ShellSignatureOptions, required: boolean) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const check = checkShellSignature(request, context(response).rawBody, options, required);
    if ('rejected' in check) throw ApiError.invalidSignature(check.rejected);
    applyShellCheck(response, check);
    next();
  };
}
