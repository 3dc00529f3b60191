import type { NextFunction, Request, Response } from 'express';
import { context } from '../server/context';
import { claimAcrossWorkers, type ShellSignatureOptions } from '../shell/shell-signature';
import { SIGNATURE_HEADERS } from '../../support/shell-signing';
import { intakeOf } from './webhook-intake';

/**
 * After the webhook intake: a shell-signed webhook request also claims its nonce across
 * workers. A replay is not thrown (the webhook audits every attempt): it becomes the intake's
 * shell rejection, and the request counts as unsigned (its claimed client address dropped).
 */
export function webhookNonceClaim(options: ShellSignatureOptions) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const state = context(response);
    const intake = intakeOf(response);
    if (!state.signed || !intake || intake.shellRejection !== null) return next();
    const check = {
      signed: true as const,
      auth: state.shellAuth ?? '',
      user: state.wordpressUser,
      clientIp: state.clientIp,
      nonce: request.get(SIGNATURE_HEADERS.nonce) ?? '',
      timestamp: Number(request.get(SIGNATURE_HEADERS.timestamp)),
    };
    const replayed = await claimAcrossWorkers(options, check, request.method);
    if (replayed) {
      intake.shellRejection = replayed;
      state.signed = false;
      state.shellAuth = undefined;
      state.wordpressUser = '';
      state.clientIp = request.ip ?? request.socket.remoteAddress ?? '';
    }
    next();
  };
}
