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

/**
 * Verifies the shell's signature (DESIGN §1) over the exact bytes received. `required`
 * routes (admin, internal) accept nothing else; public routes accept unsigned direct-lane
 * requests, but a request that carries any X-Svc-Hub-* header must be validly signed — so
 * nobody can claim a client IP or WordPress user without the secret.
 */
export function shellSignature(options: ShellSignatureOptions, required: boolean) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return (request: Request, response: Response, next: NextFunction): void => {
    const state = context(response);
    if (!required && !hasShellHeaders(request)) {
      state.signed = false;
      state.wordpressUser = '';
      return next();
    }
    const header = (name: string) => request.get(name) ?? '';
    const parts = {
      method: request.method,
      pathAndQuery: request.originalUrl,
      timestamp: header(SIGNATURE_HEADERS.timestamp),
      nonce: header(SIGNATURE_HEADERS.nonce),
      authorization: header('authorization'),
      user: header(SIGNATURE_HEADERS.user),
      clientIp: header(SIGNATURE_HEADERS.clientIp),
      body: state.rawBody,
    };
    const signature = header(SIGNATURE_HEADERS.signature);
    if (!signature) throw ApiError.invalidSignature('this route only accepts requests signed by the WordPress shell');
    const result = verify(parts, signature, options.secret, now());
    if (!result.ok) throw ApiError.invalidSignature(result.reason);
    if (!options.nonces.claim(parts.nonce, now())) throw ApiError.invalidSignature('nonce already used');
    state.signed = true;
    state.wordpressUser = parts.user;
    if (parts.clientIp) state.clientIp = parts.clientIp;
    next();
  };
}
