import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import type { Raw } from '../../support/problems';
import type { CatalogModel } from '../catalog/models';
import type { ChatResult } from '../../providers/types';
import { chatBound } from '../budgets/estimate';
import type { CallClient } from './call-deadline';
import { CallRecord, type CallIdentity } from '../usage/call-record';
import { parseChatRequest, type ParsedChatRequest } from '../request/chat-request';
import { CompletionShape, outputText } from './chat-completion';
import { runModelCall, type ModelCallResult } from './model-call';
import type { AnswerHeaders } from './answer-stream';
import { applyOutputLimit, providerRequest } from './provider-call';
import { resolveTarget } from '../catalog/resolve';
import { neededFeatures } from '../request/request-support';
import type { CallServices, PrepareServices } from './call-services';

export type ChatMode = 'blocking' | 'stream' | 'auto';

/** Who is calling: the request id and the API key (for the usage row). */
export interface Caller {
  requestId: string;
  keyId: string;
  keyTeam: string;
  /** The key's site, for site budgets and the cache's team scope. */
  siteUrl: string;
}

/**
 * A call record's identity: who calls (key, team, site) and what for.
 * Written field by field: an object rest (`{ siteUrl, ...identity }`) spread into an object
 * literal with more keys is measurably slower on Node 20 (docs/benchmarks.md).
 */
export function callIdentity(
  caller: Caller,
  metadata: CallIdentity['metadata'],
  purpose: string | null,
  kind: CallIdentity['kind'],
): CallIdentity {
  return { requestId: caller.requestId, keyId: caller.keyId, keyTeam: caller.keyTeam, siteUrl: caller.siteUrl, metadata, purpose, kind };
}

/** A chat call ready to run: the validated body, the models to try, its usage record. */
export interface ChatCall {
  body: ParsedChatRequest;
  candidates: CatalogModel[];
  record: CallRecord;
  streaming: boolean;
}

/**
 * Validates the body and resolves its models (refusing fields they cannot honour) for POST
 * /chat (never streams), /chat/stream (always) or /chat/completions (iff stream: true). Done
 * at once (or refused at once) when the settings it reads are cached.
 */
export function prepareChatCall(router: PrepareServices, raw: Raw, caller: Caller, mode: ChatMode): Eventually<ChatCall> {
  const body = parseChatRequest(raw);
  if (mode === 'blocking' && body.stream) {
    throw ApiError.invalidRequest({ stream: 'POST /chat never streams; use POST /chat/stream (or /chat/completions with stream: true)' });
  }
  const resolving = andThen(router.providers.configuredNames(), (configured) =>
    resolveTarget(body, 'chat', router.purposes, configured, neededFeatures(body)),
  );
  return andThen(resolving, (resolution) => {
    const streaming = mode === 'stream' || (mode === 'auto' && body.stream);
    const record = new CallRecord(
      router.usage,
      router.prices,
      callIdentity(caller, body.metadata, resolution.purpose, streaming ? 'stream' : 'chat'),
    );
    const call: ChatCall = { body, candidates: resolution.candidates, record, streaming };
    return andThen(record.reserve(router.budgets, caller.siteUrl, chatBound(body, resolution.candidates)), () => {
      applyOutputLimit(body, record);
      return call;
    });
  });
}

/** What a blocking chat-shaped call runs on: the validated body, the models to try, its usage record. */
export type BlockingCall = Pick<ChatCall, 'body' | 'candidates' | 'record'>;

/**
 * A chat request as one blocking model call on the blocking engine (model-call.ts), for chat
 * and the Responses API alike: the provider's answer, or null when the client hung up
 * (recorded). `client`: its signal, or its HTTP response (a hang-up is its closing early).
 * `headers` lets the response cache answer and say `X-Svc-Cache` (http/ writes them).
 */
export function runChatCall(
  services: CallServices,
  { body, candidates, record }: BlockingCall,
  client: CallClient,
  headers?: AnswerHeaders,
): Promise<ModelCallResult<ChatResult> | null> {
  applyOutputLimit(body, record, headers);
  return runModelCall(services, record, client, {
    candidates,
    cache: headers && { record, headers },
    promptText: body.messages.map((message) => message.content).join('\n'),
    call: (provider, model, ended) => provider.chat(providerRequest(body, model), { signal: ended }),
    measure: (result) => ({ usage: result.usage, outputText: outputText(result) }),
    marksFirstToken: true,
  });
}

/** A blocking chat call: the `chat.completion` answer, or null when the client hung up (recorded). */
export async function blockingChat(services: CallServices, call: BlockingCall, client: CallClient, headers?: AnswerHeaders) {
  const done = await runChatCall(services, call, client, headers);
  return (
    done && new CompletionShape(done.model.id, call.body.legacyFunctions).completion(done.result, done.finished.usage, done.finished.router)
  );
}
