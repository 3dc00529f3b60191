import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../../support/api-error';
import { context } from '../server/context';
import type { ShellNonceStore } from '../../db/shell-nonce-claims';
import { SIGNATURE_HEADERS, verify } from '../../support/shell-signing';

export interface ShellSignatureOptions {
  secret: string;
  nonces: ShellNonceStore;
  now?: () => number;
}

/** Auth kinds whose routes run only for requests the shell signed with that kind. */
export type ShellOnlyKind = 'admin' | 'internal';

const hasShellHeaders = (request: Request) => Object.keys(request.headers).some((name) => name.startsWith('x-svc-hub-'));

/** A WordPress user id as the shell sends it for an administrator: digits, greater than 0. */
const WORDPRESS_USER_ID = /^[1-9][0-9]{0,19}$/;

/** A valid shell signature: what it vouches for. */
export interface SignedCheck {
  signed: true;
  auth: string;
  user: string;
  clientIp: string;
  nonce: string;
  timestamp: number;
}

/** What a request's shell signature says: absent (direct lane), valid, or why it was refused. */
export type ShellCheck = { signed: false } | SignedCheck | { rejected: string };

/**
 * Checks the shell's signature over the exact bytes received (or their streamed sha256hex)
 * and claims its nonce in this worker's memory; shellSignature() then claims it across
 * workers. A `required` route accepts nothing else; elsewhere an unsigned request is the
 * direct lane, but one carrying any X-Svc-Hub-* header must be validly signed — so nobody can
 * claim a client IP, WordPress user or auth kind without the secret.
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
    auth: header(SIGNATURE_HEADERS.auth),
    user: header(SIGNATURE_HEADERS.user),
    clientIp: header(SIGNATURE_HEADERS.clientIp),
    ...(Buffer.isBuffer(body) ? { body } : { body: '', bodySha256: body.sha256 }),
  };
  const signature = header(SIGNATURE_HEADERS.signature);
  if (!signature) return { rejected: 'this route only accepts requests signed by the WordPress shell' };
  const result = verify(parts, signature, options.secret, now);
  if (!result.ok) return { rejected: result.reason };
  if (!options.nonces.claimHere(parts.nonce, now)) return { rejected: 'nonce already used' };
  return {
    signed: true,
    auth: parts.auth,
    user: parts.user,
    clientIp: parts.clientIp,
    nonce: parts.nonce,
    timestamp: Number(parts.timestamp),
  };
}

/**
 * Claims a valid signature's nonce in MySQL, for every worker: the refusal reason for a
 * replay, else null. When the database fails, a GET or HEAD (which changes nothing) goes on
 * with this worker's claim alone, so health still answers; anything else is 503.
 */
export async function claimAcrossWorkers(options: ShellSignatureOptions, check: SignedCheck, method: string): Promise<string | null> {
  try {
    return (await options.nonces.claimShared(check.nonce, check.timestamp)) ? null : 'nonce already used';
  } catch {
    if (method === 'GET' || method === 'HEAD') return null;
    throw ApiError.unavailable('The request could not be checked for replay: the database is not reachable. Try again.');
  }
}

/**
 * Records a valid check on the request's context: signed, the auth kind, the acting user, the
 * client's address. A signed request's address is the one the shell signed, else the
 * connection's — never X-Forwarded-For: SVC_TRUST_PROXY names the proxy in front of the worker,
 * whose own connections alone may say who the client is (docs/configuration.md).
 */
export function applyShellCheck(response: Response, check: { signed: false } | SignedCheck): void {
  const state = context(response);
  state.signed = check.signed;
  state.shellAuth = check.signed ? check.auth : undefined;
  state.wordpressUser = check.signed ? check.user : '';
  if (check.signed) state.clientIp = check.clientIp || (response.req.socket.remoteAddress ?? '');
}

/** Why a signed request may not run a route of `kind`, or null when it may. */
function kindRefusal(kind: ShellOnlyKind, auth: string | undefined, user: string): string | null {
  if (kind === 'admin') {
    return auth === 'admin' && WORDPRESS_USER_ID.test(user)
      ? null
      : 'Admin routes run only for a WordPress administrator, through the WordPress shell.';
  }
  return auth === 'internal' ? null : "Internal routes accept only the WordPress shell's internal calls.";
}

/**
 * The middleware form of checkShellSignature() plus the claim across workers: a refused
 * signature is 401 svc_invalid_signature. With `kind`, the signature must also name that auth
 * kind (and, for admin, a real WordPress user id), else 403 svc_forbidden.
 */
export function shellSignature(options: ShellSignatureOptions, required: boolean, kind?: ShellOnlyKind) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const check = checkShellSignature(request, context(response).rawBody, options, required);
    if ('rejected' in check) throw ApiError.invalidSignature(check.rejected);
    if (check.signed) {
      const replayed = await claimAcrossWorkers(options, check, request.method);
      if (replayed) throw ApiError.invalidSignature(replayed);
    }
    const refusal = kind ? kindRefusal(kind, check.signed ? check.auth : undefined, check.signed ? check.user : '') : null;
    if (refusal) throw ApiError.forbidden(refusal);
    applyShellCheck(response, check);
    next();
  };
}

/** A route's own guard: an admin or internal handler runs only for a request signed with its kind. */
export function requireShellKind(kind: ShellOnlyKind) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const state = context(response);
    if (!state.signed) throw ApiError.invalidSignature('this route only accepts requests signed by the WordPress shell');
    const refusal = kindRefusal(kind, state.shellAuth, state.wordpressUser);
    if (refusal) throw ApiError.forbidden(refusal);
    next();
  };
}
