import type { Request, Response } from 'express';
import type { CallServices, PrepareServices } from '../../router/calls/call-services';
import { responseObject } from '../../router/responses/output';
import { RESPONSE_ID_PATTERN } from '../../router/responses/request';
import { noSuchResponse, prepareResponseCall } from '../../router/responses/response-call';
import { blockingResponse, type CompletedResponse } from '../../router/responses/run-blocking';
import { streamResponse, type StreamedResponse } from '../../router/responses/run-stream';
import { readItemPage, itemPage } from '../../router/responses/item-page';
import type { ResponseItem } from '../../router/responses/response-item';
import type { ResponseStore, StoredResponse } from '../../router/responses/response-rows';
import { withAnswerHeaders } from '../answers/answer-headers';
import type { CallHandler } from '../middleware/call-handler';
import { clientSignal } from '../server/client-signal';
import { context } from '../server/context';
import { sendJson } from '../answers/send-json';
import { sendAnswerStream } from '../answers/stream-answer';

/** The key's stored response named in the path, or 404. */
async function ownResponse(store: ResponseStore, request: Request, response: Response): Promise<StoredResponse> {
  const id = String(request.params.id ?? '');
  const found = RESPONSE_ID_PATTERN.test(id) ? await store.find(id, context(response).apiKey!.id) : null;
  if (!found) throw noSuchResponse();
  return found;
}

/**
 * The Responses API (docs/architecture.md §9, docs/api-notes.md "Responses API"): POST /responses
 * (blocking, or streamed with `stream: true`, on the router's two call engines with the response
 * cache and SVC_CALL_MAX_MS), GET /responses/{id}, DELETE /responses/{id},
 * GET /responses/{id}/input_items — each response kept per API key when `store` is true.
 */
export function responsesHandlers(router: CallServices & PrepareServices, store: ResponseStore) {
  const create: CallHandler = async (state, response) => {
    const key = state.apiKey!;
    const caller = { requestId: state.requestId, keyId: key.id, keyTeam: key.team, siteUrl: key.siteUrl };
    const call = await prepareResponseCall(router, store, state.json ?? {}, caller);
    const { fields, history } = call;
    const keep = async (done: StreamedResponse | CompletedResponse): Promise<boolean> => {
      if (!fields.store) return false;
      const input = fields.input.map((entry) => entry.item);
      const ending =
        'body' in done
          ? { incompleteDetails: done.body.incomplete_details }
          : { incompleteDetails: done.incompleteDetails ?? null, error: done.error ?? null };
      const stored = {
        ...done.shape,
        apiKeyId: key.id,
        status: done.status,
        previousResponseId: fields.previousResponseId,
        createdAt: new Date(done.shape.createdAt * 1000),
        history,
        input,
        output: done.output,
        usage: done.usage,
        ...ending,
      };
      try {
        const kept = await store.save(stored);
        if (!kept) router.logger.warn('response too large to store', { request_id: state.requestId, response_id: done.shape.id });
        return kept;
      } catch (error) {
        // The call succeeded and is recorded: answer it, unstored, rather than fail it.
        router.logger.error('response could not be stored', {
          request_id: state.requestId,
          response_id: done.shape.id,
          error: error instanceof Error ? error.message.slice(0, 300) : String(error),
        });
        return false;
      }
    };
    if (call.body.stream) {
      const stream = streamResponse(
        router,
        call.body,
        call.candidates,
        call.record,
        clientSignal(response),
        call.describe,
        async (done) => void (await keep(done)),
      );
      return sendAnswerStream(response, stream, router.config.streamKeepAliveMs);
    }
    // The response itself tells the call that its client hung up: no signal of its own to build.
    const done = await withAnswerHeaders(response, (headers) => blockingResponse(router, call, response, call.describe, headers));
    if (!done) return;
    const kept = await keep(done);
    sendJson(response, 200, fields.store && !kept ? { ...done.body, store: false } : done.body);
  };

  return {
    create,
    async retrieve(request: Request, response: Response) {
      const stored = await ownResponse(store, request, response);
      const createdAt = Math.floor(stored.createdAt.getTime() / 1000);
      const identity = {
        id: stored.id,
        createdAt,
        model: stored.model,
        parameters: stored.parameters,
        previousResponseId: stored.previousResponseId,
      };
      const ending = { incompleteDetails: stored.incompleteDetails ?? null, error: stored.error ?? null };
      response.json(
        responseObject(identity, { status: stored.status, output: stored.output, usage: stored.usage, completedAt: createdAt, ...ending }),
      );
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
