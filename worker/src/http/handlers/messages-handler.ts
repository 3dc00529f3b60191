import type { CallServices, PrepareServices } from '../../router/calls/call-services';
import { anthropicBetas } from '../../router/messages/betas';
import { prepareMessageCall } from '../../router/messages/message-call';
import { blockingMessage } from '../../router/messages/run-blocking';
import { streamMessage } from '../../router/messages/run-stream';
import { withAnswerHeaders } from '../answers/answer-headers';
import type { CallHandler } from '../middleware/call-handler';
import { clientSignal } from '../server/client-signal';
import { sendJson } from '../answers/send-json';
import { sendAnswerStream } from '../answers/stream-answer';

/** What a silent Messages stream gets instead of the `: keep-alive` comment: Anthropic's own ping event. */
const PING = 'event: ping\ndata: {"type":"ping"}\n\n';

/**
 * POST /messages, Anthropic's Messages API (docs/architecture.md §9, docs/api-notes.md "Anthropic
 * Messages API"): blocking, or streamed with `stream: true`, on the router's two call engines.
 */
export function messagesHandler(router: CallServices & PrepareServices): CallHandler {
  return async (state, response) => {
    const key = state.apiKey!;
    const caller = { requestId: state.requestId, keyId: key.id, keyTeam: key.team, siteUrl: key.siteUrl };
    const call = await prepareMessageCall(router, state.json ?? {}, caller, anthropicBetas(response.req.headers['anthropic-beta']));
    if (call.body.stream)
      return sendAnswerStream(response, streamMessage(router, call, clientSignal(response)), router.config.streamKeepAliveMs, PING);
    // The response itself tells the call that its client hung up: no signal of its own to build.
    const answer = await withAnswerHeaders(response, (headers) => blockingMessage(router, call, response, headers));
    if (answer) sendJson(response, 200, answer);
  };
}
