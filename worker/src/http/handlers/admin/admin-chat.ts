import type { Request, Response } from 'express';
import { blockingChat, prepareChatCall } from '../../../router/calls/chat-call';
import type { CallServices, PrepareServices } from '../../../router/calls/call-services';
import { ApiError } from '../../../support/api-error';
import { withAnswerHeaders } from '../../answers/answer-headers';
import { clientSignal } from '../../server/client-signal';
import { context } from '../../server/context';

/**
 * POST admin/chat: a blocking chat on behalf of the signed-in WordPress administrator (the hub's
 * `svc-hub/chat` ability, and the admin screen): the same validation, purposes, fallbacks,
 * budgets and usage row as `/chat`, attributed to `wp-user:<id>` instead of an API key, with
 * no key team (a `metadata.team` in the body still attributes the cost). Never streams.
 */
export function adminChatHandler(router: CallServices & PrepareServices) {
  return async (_request: Request, response: Response) => {
    const state = context(response);
    const raw = state.json ?? {};
    if (raw.stream !== undefined && raw.stream !== false)
      throw ApiError.invalidRequest({ stream: 'the admin chat answers in one piece; leave stream out' });
    const caller = { requestId: state.requestId, keyId: `wp-user:${state.wordpressUser}`, keyTeam: '', siteUrl: '' };
    const call = await prepareChatCall(router, raw, caller, 'blocking');
    const answer = await withAnswerHeaders(response, (headers) => blockingChat(router, call, clientSignal(response), headers));
    if (answer) response.json(answer);
  };
}
