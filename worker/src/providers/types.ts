/**
 * The one small interface every LLM provider module implements (docs/architecture.md §0 item 3). The router
 * speaks only these types; each provider maps them to and from its own wire format, and
 * no provider-specific `if` lives outside its module.
 */
import type { OutboundGuard } from '../support/outbound-guard';
import type { DescribedModel, ModelSupport } from './model-facts';
import type { ImageRequest, ImageResult } from './image-types';

export type { GeneratedImage, ImageFile, ImageRequest, ImageResult } from './image-types';

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/**
 * An image as the router hands it to a provider: a URL (https only) or inline data. The
 * router turns a URL into data first (fetched through the outbound guard) for a provider
 * whose descriptor says it cannot fetch URLs itself (docs/architecture.md §9).
 */
export type ImageSource = { kind: 'url'; url: string } | { kind: 'data'; mediaType: string; base64: string };

export type ContentPart = { type: 'text'; text: string } | { type: 'image'; source: ImageSource; detail?: 'auto' | 'low' | 'high' };

/** One call the model asked for; `arguments` is the JSON text exactly as the model wrote it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * One message of the conversation. `content` is always the message's text (text parts
 * joined, '' when none — e.g. an assistant turn holding only tool calls); `parts` is set when
 * the client sent content as a list, in its order, images included.
 */
export interface ChatMessage {
  role: Role;
  content: string;
  parts?: ContentPart[];
  /** assistant: the calls it made. */
  toolCalls?: ToolCall[];
  /** tool: the call this message answers. */
  toolCallId?: string;
  /** tool: the function's name when the client gave it (Gemini's functionResponse needs one; else looked up from the call). */
  name?: string;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  /** A JSON Schema object. */
  parameters: Record<string, unknown>;
  strict?: boolean;
}

export type ToolChoice = 'none' | 'auto' | 'required' | { name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: Record<string, unknown>; strict?: boolean; description?: string };

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high';

/** A validated chat request, with the provider-local model name (no `<provider>/` prefix). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  responseFormat?: ResponseFormat;
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  /** Token id (as a string) → bias from -100 to 100. */
  logitBias?: Record<string, number>;
  logprobs?: boolean;
  topLogprobs?: number;
  reasoningEffort?: ReasoningEffort;
  /** The end user's id, passed on where the provider takes one. */
  user?: string;
  /**
   * The client's own request in a provider's dialect (the Messages API, docs/architecture.md §9): a
   * provider that speaks it sends `body` as it is, only `model` set to its model name and `stream`
   * as the call needs; every other provider ignores it and reads the translated fields above.
   */
  native?: NativeRequest;
  /** OpenAI-only fields in OpenAI's names, sent to OpenAI where its model takes them (providers/openai/passed-fields.ts). */
  openAiFields?: Record<string, unknown>;
}

/** A request in a provider's own wire format, passed through untranslated (ChatRequest.native). */
export interface NativeRequest {
  dialect: 'anthropic-messages';
  body: Record<string, unknown>;
  /**
   * The client's `anthropic-beta` header, sent on with the body: the beta flags (Claude Code's among them) that switch on
   * the body fields the client sends (docs/api-notes.md "Anthropic Messages API").
   */
  betas?: string;
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /**
   * What the provider says the call cost, in USD as a decimal string with 8 places (OpenRouter
   * `usage.cost`); set only by a provider whose descriptor trusts its figure. The budget settles
   * at it (docs/api-notes.md "Provider-reported cost").
   */
  providerCost?: string;
  /**
   * Of promptTokens, read from the provider's cache (OpenAI `prompt_tokens_details.cached_tokens`,
   * Anthropic `cache_read_input_tokens`, Gemini `cachedContentTokenCount`). promptTokens always
   * counts every input token, cached or not (OpenAI's meaning): a provider that reports them
   * apart (Anthropic) adds them in.
   */
  cachedTokens?: number;
  /** Of promptTokens, written to the provider's cache (Anthropic `cache_creation_input_tokens`). */
  cacheWriteTokens?: number;
  /**
   * Of completionTokens, spent on reasoning (OpenAI `completion_tokens_details.reasoning_tokens`,
   * Gemini `thoughtsTokenCount`, added in when reported apart).
   */
  reasoningTokens?: number;
}

export interface ChatResult {
  /** The answer's text ('' when the model only called tools; the chat shape then says null). */
  content: string;
  toolCalls?: ToolCall[];
  finishReason: FinishReason;
  /** null when the provider reported no usage (the router then estimates and flags it). */
  usage: TokenUsage | null;
  /** The provider's `choices[0].logprobs` as it sent them (OpenAI shape), when asked for and given. */
  logprobs?: unknown;
  /** The provider's answer as received (its message JSON), set only when the request was native and the provider spoke its dialect. */
  native?: Record<string, unknown>;
}

/**
 * What a stream yields, in order: text deltas and tool-call pieces, at most one finish, and usage whenever the
 * provider reports it (the last usage event wins — providers emit the billed figure last).
 * A failure after the stream began is thrown from the iterator as an UpstreamError.
 */
export type StreamEvent =
  /**
   * A piece of text; `logprobs`, when the request asked for them and the provider sent them,
   * are the provider's `logprobs.content` entries for this piece's tokens (OpenAI's shape).
   */
  | { type: 'delta'; text: string; logprobs?: unknown[] }
  /**
   * A piece of a tool call, as OpenAI streams it: `index` counts calls from 0 within the
   * answer; the first piece of each call carries `id` and `name`, later ones only argument
   * fragments (a provider that sends whole arguments emits one piece with all of them).
   */
  | { type: 'tool_call'; index: number; id?: string; name?: string; arguments: string }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'usage'; usage: TokenUsage }
  /**
   * One event of the provider's own stream as received, only when the request was native and the
   * provider spoke its dialect; yielded before the translated events read from it, which the
   * engines keep using for usage, finish and the usage row.
   */
  | { type: 'native'; event: string; data: Record<string, unknown> };

export interface EmbeddingRequest {
  model: string;
  input: string[];
  /** Floats per vector (only for a model that can shorten its vectors); absent: the model's own length. */
  dimensions?: number;
}

export interface EmbeddingResult {
  vectors: number[][];
  usage: { promptTokens: number } | null;
}

export interface CallOptions {
  signal: AbortSignal;
}

export interface Provider {
  /** Registry name (its descriptor's id). */
  readonly name: string;
  chat(request: ChatRequest, options: CallOptions): Promise<ChatResult>;
  stream(request: ChatRequest, options: CallOptions): AsyncIterable<StreamEvent>;
  /**
   * The input tokens of a request as the provider counts them, free of charge (Anthropic's
   * `/v1/messages/count_tokens`); absent when the provider has no such endpoint.
   */
  countTokens?(request: ChatRequest, options: CallOptions): Promise<number>;
  /** Absent when the provider has no embeddings API. */
  embed?(request: EmbeddingRequest, options: CallOptions): Promise<EmbeddingResult>;
  /** Image generation (docs/api-notes.md "Images"); absent when the provider has none. */
  generateImages?(request: ImageRequest, options: CallOptions): Promise<ImageResult>;
  /** Image edits (OpenAI's /v1/images/edits); absent when the provider has none. */
  editImages?(request: ImageRequest, options: CallOptions): Promise<ImageResult>;
  /** Releases pooled connections (shutdown, or settings replaced). */
  close(): Promise<void>;
}

export interface Timeouts {
  connectMs: number;
  /** Blocking calls: until response headers. Streams: the router times the first delta. */
  firstTokenMs: number;
  /** Longest silence inside a response body. */
  idleMs: number;
}

/** How a provider module is built: settings only, so tests can point it anywhere. */
export interface ProviderSettings {
  name: string;
  baseUrl: string;
  apiKey: string;
  timeouts: Timeouts;
  /** Most connections open at once to the provider's origin (SVC_PROVIDER_CONNECTIONS); more calls wait for one. */
  connections?: number;
  /** Set for an admin-entered base URL: every new connection is checked and pinned by it (docs/providers.md). */
  outboundGuard?: OutboundGuard;
}

export type ProviderFactory = (settings: ProviderSettings) => Provider;

/**
 * Everything the rest of the worker may know about a provider, in one place: each provider's
 * folder exports one (`<name>/descriptor.ts`) and registry.ts lists them, so no
 * provider-specific `if` lives outside `providers/`.
 */
export interface ProviderDescriptor {
  id: string;
  factory: ProviderFactory;
  /** `openai-compatible`: chat completions through openai-compatible/ (a few options at most); `own`: its own wire format. */
  dialect: 'openai-compatible' | 'own';
  /** null: the admin must give one (compat); '' for mock (no network). */
  defaultBaseUrl: string | null;
  /** Other spellings of the shipped base URL that are just as trusted (Ollama's docs say localhost). */
  defaultBaseUrlAliases?: readonly string[];
  /** Environment variable names for the key and the base URL (docs/configuration.md). */
  environment: { apiKey?: string; baseUrl?: string };
  /** Whether a call needs an API key (Ollama and mock do not). */
  needsKey: boolean;
  /** The chat model `provider test` uses when the admin names none. */
  testModel: string | null;
  /** Whether the provider fetches https image URLs itself; when false the router inlines them as data first. */
  fetchesImageUrls: boolean;
  /** The request dialects it sends as they are (ChatRequest.native): the Messages API's, for Anthropic. */
  nativeDialects?: readonly NativeRequest['dialect'][];
  /**
   * Whether any model name is accepted. An unlisted one is unpriced (docs/api-notes.md "Unpriced
   * models") until the admin prices it or sets the provider's default price — or free, for a
   * provider with `unlistedFree`.
   */
  openModels: boolean;
  /** Models the catalog does not list cost nothing unless the admin prices them: the provider runs on the admin's own machine (Ollama). */
  unlistedFree?: boolean;
  /** What its chat models honour unless a model says otherwise (open-model providers: what the models behind them may). */
  support: ModelSupport;
  /** The models it ships in the catalog, with list prices (docs/providers.md names the sources). */
  models: readonly DescribedModel[];
  /** Where the provider publishes its models' prices, for `hub price sync <provider>` (router/catalog/price-sync.ts). */
  priceList?: PriceListSource;
}

/** One model's listed price: USD per million tokens as decimal strings (6 places at most); cache prices null when not listed. */
export interface ListedPrice {
  /** The provider's model name (no `<provider>/` prefix). */
  model: string;
  inputPerMtok: string;
  outputPerMtok: string;
  cacheReadPerMtok: string | null;
  cacheWritePerMtok: string | null;
}

/** A price list read: the priced models, and the entries refused with why. */
export interface ListedPrices {
  prices: ListedPrice[];
  refused: Array<{ model: string; reason: string }>;
}

/** A provider's published price list: a GET below its base URL, and how its body reads (throws on a malformed one). */
export interface PriceListSource {
  path: string;
  parse(body: unknown): ListedPrices;
}
