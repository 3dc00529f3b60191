import { ApiError } from '../../support/api-error';
import type { Raw } from '../../support/problems';
import { chatBound } from '../budgets/estimate';
import { applyOutputLimit } from '../calls/provider-call';
import { resolveTarget } from '../catalog/resolve';
import type { PrepareServices } from '../calls/call-services';
import { callIdentity, type BlockingCall, type Caller } from '../calls/chat-call';
import { CallRecord } from '../usage/call-record';
import { echoedParameters, ResponseShape } from './output';
import { resolveReferences } from './references';
import { readResponsesFields, responsesNeeds, toChatRequest, type ResponsesFields } from './request';
import type { ResponseItem } from './response-item';
import type { ResponseStore } from './response-rows';

/** A Responses call ready to run: the chat call it is, with what storing and shaping its answer need. */
export interface ResponseCall extends BlockingCall {
  fields: ResponsesFields;
  /** The conversation before this request (from `previous_response_id`). */
  history: ResponseItem[];
  /** A new response's identity for the model that answers. */
  describe: (model: { id: string }) => ResponseShape;
}

/** The same answer for an unknown, expired, deleted or another key's response: never a hint. */
export function noSuchResponse(field?: string): ApiError {
  return new ApiError(
    404,
    'svc_not_found',
    'No stored response with this id.',
    field ? { params: { [field]: 'no stored response with this id for this API key' } } : {},
  );
}

/**
 * POST /responses made ready (docs/api-notes.md "Responses API"): its fields checked, its item
 * references and `previous_response_id` resolved among the key's stored responses, the whole
 * turned into a chat request and validated, its models resolved, its usage row (kind
 * `responses`) reserved against the budgets.
 */
export async function prepareResponseCall(
  services: PrepareServices,
  store: ResponseStore,
  raw: Raw,
  caller: Caller,
): Promise<ResponseCall> {
  const fields = readResponsesFields(raw);
  fields.input = await resolveReferences(fields.input, store, caller.keyId);
  const previous = fields.previousResponseId ? await store.find(fields.previousResponseId, caller.keyId) : null;
  if (fields.previousResponseId && !previous) throw noSuchResponse('previous_response_id');
  const history = previous ? [...previous.history, ...previous.input, ...previous.output] : [];
  const body = toChatRequest(raw, fields, history);
  const resolution = await resolveTarget(body, 'chat', services.purposes, await services.providers.configuredNames(), responsesNeeds(body));
  const record = new CallRecord(services.usage, services.prices, callIdentity(caller, body.metadata, resolution.purpose, 'responses'));
  await record.reserve(services.budgets, caller.siteUrl, chatBound(body, resolution.candidates));
  applyOutputLimit(body, record);
  const parameters = echoedParameters(raw, fields.store);
  const describe = (model: { id: string }) => new ResponseShape(model.id, parameters, fields.previousResponseId);
  return { body, candidates: resolution.candidates, record, fields, history, describe };
}
