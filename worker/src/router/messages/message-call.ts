import type { Raw } from '../../support/problems';
import { describeProvider } from '../../providers/registry';
import { chatBound } from '../budgets/estimate';
import { applyOutputLimit } from '../calls/provider-call';
import { resolveTarget } from '../catalog/resolve';
import type { CatalogModel } from '../catalog/models';
import type { PrepareServices } from '../calls/call-services';
import { callIdentity, type BlockingCall, type Caller } from '../calls/chat-call';
import { neededFeatures } from '../request/request-support';
import { CallRecord } from '../usage/call-record';
import { MessageShape } from './answer';
import { readMessagesRequest } from './request';

/** A Messages call ready to run: the chat call it is, and a new message's identity for the model that answers. */
export interface MessageCall extends BlockingCall {
  describe: (model: { id: string }) => MessageShape;
}

/** Whether the model's provider sends a Messages request as it is (its descriptor's native dialects). */
function speaksMessages(model: CatalogModel): boolean {
  return describeProvider(model.provider)?.nativeDialects?.includes('anthropic-messages') ?? false;
}

/**
 * POST /messages made ready (docs/api-notes.md "Anthropic Messages API"): the request turned into
 * a chat request and validated by the one chat validator, its models resolved (a purpose skips
 * the models that cannot honour it; what only Anthropic's own models take keeps only those), its
 * usage row (kind `messages`) reserved against the budgets.
 */
export async function prepareMessageCall(services: PrepareServices, raw: Raw, caller: Caller, betas?: string): Promise<MessageCall> {
  const { body, nativeOnly } = readMessagesRequest(raw, betas);
  const configured = await services.providers.configuredNames();
  const resolution = await resolveTarget(body, 'chat', services.purposes, configured, neededFeatures(body));
  const candidates = nativeOnly ? resolution.candidates.filter(speaksMessages) : resolution.candidates;
  if (candidates.length === 0) throw nativeOnly!;
  const record = new CallRecord(services.usage, services.prices, callIdentity(caller, body.metadata, resolution.purpose, 'messages'));
  await record.reserve(services.budgets, caller.siteUrl, chatBound(body, candidates));
  applyOutputLimit(body, record);
  return { body, candidates, record, describe: (model) => new MessageShape(model.id) };
}
