import type { CallServices, PrepareServices } from '../../router/calls/call-services';
import { anthropicBetas } from '../../router/messages/betas';
import { countTokens } from '../../router/messages/count-tokens';
import { stageHeader } from '../answers/staged-headers';
import { sendJson } from '../answers/send-json';
import type { CallHandler } from '../middleware/call-handler';
import { clientSignal } from '../server/client-signal';

/** Says whether the count is the provider's own or the router's estimate (docs/api-notes.md "Anthropic Messages API"). */
export const TOKEN_COUNT_HEADER = 'X-Svc-Token-Count';

/** POST /messages/count_tokens: `{input_tokens}`, as Anthropic answers it. */
export function messagesCountTokensHandler(router: CallServices & PrepareServices): CallHandler {
  return async (state, response) => {
    const betas = anthropicBetas(response.req.headers['anthropic-beta']);
    const count = await countTokens(router, state.json ?? {}, clientSignal(response), betas);
    stageHeader(response, TOKEN_COUNT_HEADER, count.estimated ? 'estimated' : 'provider');
    sendJson(response, 200, { input_tokens: count.inputTokens });
  };
}
