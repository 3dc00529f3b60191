import type { CallServices, PrepareServices } from '../../router/calls/call-services';
import { blockingChat, prepareChatCall, type Caller, type ChatMode } from '../../router/calls/chat-call';
import { streamChat } from '../../router/calls/chat-stream';
import { embeddingsCall } from '../../router/calls/embeddings-call';
import { withAnswerHeaders } from '../answers/answer-headers';
import type { CallHandler } from '../middleware/call-handler';
import { clientSignal } from '../server/client-signal';
import type { RequestContext } from '../server/context';
import { sendJson } from '../answers/send-json';
import { sendAnswerStream } from '../answers/stream-answer';

function caller(state: RequestContext): Caller {
  return { requestId: state.requestId, keyId: state.apiKey!.id, keyTeam: state.apiKey!.team, siteUrl: state.apiKey!.siteUrl };
}

/** POST /chat (never streams), /chat/stream (always), /chat/completions (iff stream: true). */
export function chatHandler(router: CallServices & PrepareServices, mode: ChatMode): CallHandler {
  return async (state, response) => {
    const preparing = prepareChatCall(router, state.json ?? {}, caller(state), mode);
    const call = preparing instanceof Promise ? await preparing : preparing; // no turn of the microtask queue when it is ready
    if (call.streaming)
      return sendAnswerStream(
        response,
        streamChat(router, call.body, call.candidates, call.record, clientSignal(response)),
        router.config.streamKeepAliveMs,
      );
    // The response itself tells the call that its client hung up: no signal of its own to build.
    const answer = await withAnswerHeaders(response, (headers) => blockingChat(router, call, response, headers));
    if (answer) sendJson(response, 200, answer);
  };
}

/** POST /embeddings. */
export function embeddingsHandler(router: CallServices & PrepareServices): CallHandler {
  return async (state, response) => {
    const answer = await embeddingsCall(router, state.json ?? {}, caller(state), response);
    if (answer) sendJson(response, 200, answer);
  };
}
