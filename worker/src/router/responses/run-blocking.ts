import { withFallback } from '../calls/attempts';
import type { CallRecord, RouterBlock } from '../usage/call-record';
import type { CatalogModel } from '../catalog/models';
import type { ParsedChatRequest } from '../request/chat-request';
import { providerFor, providerRequest, recordFailure } from '../calls/provider-call';
import type { RouterServices } from '../router-services';
import { finalStatus, logprobsContent, outputItems, responsesUsage, type ResponseShape } from './output';
import type { ResponseItem } from './response-rows';

export interface CompletedResponse {
  shape: ResponseShape;
  status: string;
  output: ResponseItem[];
  usage: Record<string, unknown>;
  router: RouterBlock;
  body: ReturnType<ResponseShape['response']>;
}

/**
 * One blocking Responses call: the same candidates, retries, fallback and usage row as a
 * blocking chat call; the answer as output items (http/ sends `body`). Null when the client
 * hung up (`signal` aborted; recorded as aborted); an exhausted call throws the contract's error.
 */
export async function blockingResponse(
  router: RouterServices,
  signal: AbortSignal,
  body: ParsedChatRequest,
  candidates: CatalogModel[],
  record: CallRecord,
  describe: (model: CatalogModel) => ResponseShape,
): Promise<CompletedResponse | null> {
  const promptText = body.messages.map((message) => message.content).join('\n');
  const tried = { model: candidates[0]!, attempts: 0 };
  try {
    const { result, model, attempts } = await withFallback(candidates, router.config.retry, signal, async (candidate, attempt) => {
      Object.assign(tried, { model: candidate, attempts: attempt });
      return (await providerFor(router, candidate)).chat(providerRequest(body, candidate), { signal });
    });
    record.markFirstToken();
    const outputText = result.content + (result.toolCalls ?? []).map((call) => call.arguments).join('');
    const finished = await record.finish({ status: 'ok', model, attempts, usage: result.usage, promptText, outputText });
    const shape = describe(model);
    const output = outputItems(result.content, result.toolCalls, logprobsContent(result.logprobs));
    const { status, incomplete_details } = finalStatus(result.finishReason);
    const usage = responsesUsage(finished.usage);
    const responseBody = shape.response({ status, output, usage, incompleteDetails: incomplete_details, router: finished.router });
    return { shape, status, output, usage, router: finished.router, body: responseBody };
  } catch (error) {
    await recordFailure(router, record, error, tried, promptText);
    return null;
  }
}
