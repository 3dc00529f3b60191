import { ApiError } from '../../support/api-error';
import type { CatalogModel, ModelSupport } from '../catalog/models';
import type { ParsedChatRequest } from './chat-request';

/** What only some of OpenAI's own models do (no other provider's): a request field asking for it needs one of them. */
export type OpenAiFeature = 'verbosity' | 'webSearch' | 'audio';

/** The OpenAI models (by name) that have each feature: gpt-5's verbosity, the search models' web search, the audio models. */
const OPENAI_MODELS: Record<OpenAiFeature, RegExp> = {
  verbosity: /^gpt-5/,
  webSearch: /-search-(preview|api)/,
  audio: /audio/,
};

/** One documented field a request uses, and the catalog feature a model needs to honour it. */
export interface NeededFeature {
  field: string;
  feature: keyof ModelSupport | OpenAiFeature;
}

function honours(model: CatalogModel, feature: NeededFeature['feature']): boolean {
  if (feature in OPENAI_MODELS) return model.provider === 'openai' && OPENAI_MODELS[feature as OpenAiFeature].test(model.name);
  return model.supports[feature as keyof ModelSupport];
}

/** The OpenAI-only fields (request/openai-fields.ts) that ask for a feature some models lack. */
function openAiNeeds(fields: Record<string, unknown> | undefined, add: (used: boolean, field: string, feature: OpenAiFeature) => void) {
  if (!fields) return;
  add(fields.modalities !== undefined, 'modalities', 'audio');
  add(fields.audio !== undefined, 'audio', 'audio');
  add(fields.web_search_options !== undefined, 'web_search_options', 'webSearch');
  add(fields.verbosity !== undefined, 'verbosity', 'verbosity');
}

function firstImage(request: Pick<ParsedChatRequest, 'messages'>): string | null {
  for (const [index, message] of request.messages.entries()) {
    const part = message.parts?.findIndex((item) => item.type === 'image') ?? -1;
    if (part >= 0) return `messages[${index}].content[${part}]`;
  }
  return null;
}

/**
 * The optional features a chat request relies on (docs/architecture.md §9), each with the first field that
 * asks for it. A default value asks for nothing (penalty 0, logprobs false, tool_choice none
 * without tools).
 */
export function neededFeatures(
  request: Pick<
    ParsedChatRequest,
    | 'messages'
    | 'tools'
    | 'toolChoice'
    | 'responseFormat'
    | 'reasoningEffort'
    | 'logprobs'
    | 'topLogprobs'
    | 'seed'
    | 'presencePenalty'
    | 'frequencyPenalty'
    | 'logitBias'
  > &
    Partial<Pick<ParsedChatRequest, 'openAiFields'>>,
): NeededFeature[] {
  const needs: NeededFeature[] = [];
  const add = (used: boolean, field: string, feature: NeededFeature['feature']) => used && needs.push({ field, feature });
  add(request.tools !== undefined, 'tools', 'tools');
  add(
    request.messages.some((message) => message.toolCalls !== undefined || message.role === 'tool'),
    'messages',
    'tools',
  );
  const image = firstImage(request);
  add(image !== null, image ?? '', 'images');
  add(request.responseFormat?.type === 'json_object', 'response_format', 'jsonObject');
  add(request.responseFormat?.type === 'json_schema', 'response_format', 'jsonSchema');
  add(request.reasoningEffort !== undefined, 'reasoning_effort', 'reasoning');
  add(request.logprobs === true, 'logprobs', 'logprobs');
  add(request.seed !== undefined, 'seed', 'seed');
  add((request.presencePenalty ?? 0) !== 0, 'presence_penalty', 'penalties');
  add((request.frequencyPenalty ?? 0) !== 0, 'frequency_penalty', 'penalties');
  add(request.logitBias !== undefined, 'logit_bias', 'logitBias');
  openAiNeeds(request.openAiFields, add);
  return needs;
}

/** The first needed feature `model` lacks, or null when it honours them all. */
export function unhonoured(model: CatalogModel, needs: NeededFeature[]): NeededFeature | null {
  return needs.find((need) => !honours(model, need.feature)) ?? null;
}

/** 400 svc_unsupported_parameter naming the field (data.params) and the model(s) (data.model). */
export function unsupportedParameter(need: NeededFeature, models: CatalogModel[]): ApiError {
  const names = models.map((model) => model.id).join(', ');
  const who = models.length === 1 ? `model "${names}" cannot honour it` : `none of the purpose's models (${names}) can honour it`;
  return new ApiError(400, 'svc_unsupported_parameter', `Parameter "${need.field}" is not supported: ${who}.`, {
    params: { [need.field]: who },
    model: models.length === 1 ? models[0]!.id : models.map((model) => model.id),
  });
}

/**
 * The candidates that honour every needed feature, in order: an explicit model that cannot is
 * refused; a purpose skips such models and is refused only when none can (naming the field
 * the first candidate lacked).
 */
export function honouringCandidates(candidates: CatalogModel[], needs: NeededFeature[]): CatalogModel[] {
  if (needs.length === 0) return candidates;
  const kept = candidates.filter((model) => unhonoured(model, needs) === null);
  if (kept.length > 0) return kept;
  throw unsupportedParameter(unhonoured(candidates[0]!, needs)!, candidates);
}
