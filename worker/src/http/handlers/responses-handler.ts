import type { Request, Response } from 'express';
import { ApiError } from '../../support/api-error';
import { chatEstimate } from '../../router/budgets/estimate';
import { CallRecord } from '../../router/usage/call-record';
import { resolveTarget } from '../../router/catalog/resolve';
import type { RouterServices } from '../../router/router-services';
import { echoedParameters, responseObject, ResponseShape } from '../../router/responses/output';
import { readResponsesFields, toChatRequest , RESPONSE_ID_PATTERN } from '../../router/responses/request';
import { blockingResponse, type CompletedResponse } from '../../router/responses/run-blocking';
import { streamResponse, type StreamedResponse } from '../../router/responses/run-stream';
import { readItemPage, itemPage } from '../../router/responses/item-page';
import { resolveReferences } from '../../router/responses/references';
import type { ResponseItem, ResponseStore, StoredResponse } from '../../router/responses/response-rows';
import type { CallHandler } from '../middleware/call-handler';
import { clientSignal } from '../server/client-signal';
import { context } from '../server/context';
import { sendJson } from '../answers/send-json';
import { sendAnswerStream } from '../answers/stream-answer';

/** The same answer for an unknown, expired, deleted or another key's response: never a hint. */
function noSuchResponse(field?: string): ApiError {
  return new ApiError(404, 'svc_not_found', 'No stored response with this id.', field ? { params: { [field]: 'no stored response with this id for this API key' } } : {});
}

/** The key's stored response named in the path, or 404. */
async function ownResponse(store: ResponseStore, request: Request, response: Response): Promise<StoredResponse> {
  const id = String(request.params.id ?? '');
  const found = RESPONSE_ID_PATTERN.test(id) ? await store.find(id, context(response).apiKey!.id) : null;
  if (!found) throw noSuchResponse();
  return found;
}

/**
 * The Responses API (DESIGN §9, docs/api-notes.md "Responses API"): POST /responses (blocking,
 * or streamed with `stream: true`), GET /responses/{id}, DELETE /responses/{id},
 * GET /responses/{id}/input_items — each response kept per API key when `store` is true.
 */
export function responsesHandlers(router: RouterServices, store: ResponseStore) {
  const create: CallHandler = async (state, response) => {
    const raw = state.json ?? {};
    const key = state.apiKey!;
    const fields = readResponsesFields(raw);
    fields.input = await resolveReferences(fields.input, store, key.id);
    const previous = fields.previousResponseId ? await store.find(fields.previousResponseId, key.id) : null;
    if (fields.previousResponseId && !previous) throw noSuchResponse('previous_response_id');
    const history = previous ? [...previous.history, ...previous.input, ...previous.output] : [];
    const body = toChatRequest(raw, fields, history);
    const resolution = await resolveTarget(body, 'chat', router.purposes, await router.providers.configuredNames());
    const parameters = echoedParameters(raw, fields.store);
    const record = new CallRecord(router.usage, router.prices, {
      requestId: state.requestId,
      keyId: key.id,
      keyTeam: key.team,
      metadata: body.metadata,
      purpose: resolution.purpose,
      kind: 'responses',
    });
    await record.reserve(router.budgets, key.siteUrl, resolution.candidates[0]!, chatEstimate(body));
    const describe = (model: { id: string }) => new ResponseShape(model.id, parameters, fields.previousResponseId);
    const keep = async (done: StreamedResponse | CompletedResponse): Promise<boolean> => {
      if (!fields.store) return false;
      const input = fields.input.map((entry) => entry.item);
      const ending = 'body' in done ? { incompleteDetails: done.body.incomplete_details } : { incompleteDetails: done.incompleteDetails ?? null, error: done.error ?? null };
      const stored = { ...done.shape, apiKeyId: key.id, status: done.status, previousResponseId: fields.previousResponseId, createdAt: new Date(done.shape.createdAt * 1000), history, input, output: done.output, usage: done.usage, ...ending };
      try {
        const kept = await store.save(stored);
        if (!kept) router.logger.warn('response too large to store', { request_id: state.requestId, response_id: done.shape.id });
        return kept;
      } catch (error) {
        // The call succeeded and is recorded: answer it, unstored, rather than fail it.
        router.logger.error('response could not be stored', { request_id: state.requestId, response_id: done.shape.id, error: error instanceof Error ? error.message.slice(0, 300) : String(error) });
        return false;
      }
    };
    const clientGone = clientSignal(response);
    if (body.stream) return sendAnswerStream(response, streamResponse(router, body, resolution.candidates, record, clientGone, describe, async (done) => void (await keep(done))), router.config.streamKeepAliveMs);
    const done = await blockingResponse(router, clientGone, body, resolution.candidates, record, describe);
    if (!done) return;
    const kept = await keep(done);
    sendJson(response, 200, fields.store && !kept ? { ...done.body, store: false } : done.body);
  };

  return {
    create,
    async retrieve(request: Request, response: Response) {
      const stored = await ownResponse(store, request, response);
      const createdAt = Math.floor(stored.createdAt.getTime() / 1000);
      const identity = { id: stored.id, createdAt, model: stored.model, parameters: stored.parameters, previousResponseId: stored.previousResponseId };
      const ending = { incompleteDetails: stored.incompleteDetails ?? null, error: stored.error ?? null };
      response.json(responseObject(identity, { status: stored.status, output: stored.output, usage: stored.usage, completedAt: createdAt, ...ending }));
    },
    async remove(request: Request, response: Response) {
      const stored = await ownResponse(store, request, response);
      if (!(await store.delete(stored.id, stored.apiKeyId))) throw noSuchResponse();
      response.json({ id: stored.id, object: 'response', deleted: true });
    },
    async inputItems(request: Request, response: Response) {
      const page = readItemPage(request.query);
      const stored = await ownResponse(store, request, response);
      response.json(itemPage(stored.input as ResponseItem[], page));
    },
  };
}
