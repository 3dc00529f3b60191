import type { AnswerHeaders } from '../calls/answer-stream';
import type { CallClient } from '../calls/call-deadline';
import type { CallServices } from '../calls/call-services';
import { runChatCall } from '../calls/chat-call';
import type { MessageCall } from './message-call';

/**
 * One blocking Messages call: a chat call on the blocking engine (router/calls/model-call.ts: the
 * candidates, retries, fallback, response cache, SVC_CALL_MAX_MS and usage row of a blocking chat
 * call), its answer shaped as Anthropic's `message`. Null when the client hung up (recorded); a
 * failed call throws the contract's error.
 */
export async function blockingMessage(services: CallServices, call: MessageCall, client: CallClient, headers?: AnswerHeaders) {
  const done = await runChatCall(services, call, client, headers);
  if (!done) return null;
  return call.describe(done.model).answer(done.result, done.finished.usage, done.finished.router);
}
