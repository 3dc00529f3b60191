import type { RouterBlock } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import type { AnswerHeaders } from '../calls/answer-stream';
import type { CallClient } from '../calls/call-deadline';
import type { CallServices } from '../calls/call-services';
import { runChatCall, type BlockingCall } from '../calls/chat-call';
import { finalStatus, logprobsContent, outputItems, responsesUsage, type ResponseShape } from './output';
import type { ResponseItem } from './response-item';

export interface CompletedResponse {
  shape: ResponseShape;
  status: string;
  output: ResponseItem[];
  usage: Record<string, unknown>;
  router: RouterBlock;
  body: ReturnType<ResponseShape['response']>;
}

/**
 * One blocking Responses call: a chat call on the blocking engine (router/calls/model-call.ts:
 * the candidates, retries, fallback, response cache, SVC_CALL_MAX_MS and usage row of a blocking
 * chat call), the answer shaped as output items (http/ sends `body`). Null when the client hung
 * up (recorded as aborted); a failed call throws the contract's error. `headers`: where the
 * response cache says `X-Svc-Cache`.
 */
export async function blockingResponse(
  services: CallServices,
  call: BlockingCall,
  client: CallClient,
  describe: (model: CatalogModel) => ResponseShape,
  headers?: AnswerHeaders,
): Promise<CompletedResponse | null> {
  const done = await runChatCall(services, call, client, headers);
  if (!done) return null;
  const { result, model, finished } = done;
  const shape = describe(model);
  const output = outputItems(result.content, result.toolCalls, logprobsContent(result.logprobs));
  const { status, incomplete_details } = finalStatus(result.finishReason);
  const usage = responsesUsage(finished.usage);
  const body = shape.response({ status, output, usage, incompleteDetails: incomplete_details, router: finished.router });
  return { shape, status, output, usage, router: finished.router, body };
}
