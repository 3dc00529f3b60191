/**
 * The one small interface every LLM provider module implements (STYLE item 3). The router
 * speaks only these types; each provider maps them to and from its own wire format, and
 * no provider-specific `if` lives outside its module.
 */
import type { OutboundGuard } from '../../support/outbound-guard';

export type Role = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: Role;
  content: string;
}

/** A validated chat request, with the provider-local model name (no `<provider>/` prefix). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Set when the provider reports its own cost (OpenRouter `usage.cost`), in USD. */
  providerCostUsd?: number;
}

export interface ChatResult {
  content: string;
  finishReason: FinishReason;
  /** null when the provider reported no usage (the router then estimates and flags it). */
  usage: TokenUsage | null;
}

/**
 * What a stream yields, in order: text deltas, at most one finish, and usage whenever the
 * provider reports it (the last usage event wins — providers emit the billed figure last).
 * A failure after the stream began is thrown from the iterator as an UpstreamError.
 */
export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'usage'; usage: TokenUsage };

export interface EmbeddingRequest {
  model: string;
  input: string[];
}

export interface EmbeddingResult {
  vectors: number[][];
  usage: { promptTokens: number } | null;
}

export interface CallOptions {
  signal: AbortSignal;
}

export interface Provider {
  /** Registry name: openai, anthropic, google, mistral, openrouter, ollama, compat, mock. */
  readonly name: string;
  chat(request: ChatRequest, options: CallOptions): Promise<ChatResult>;
  stream(request: ChatRequest, options: CallOptions): AsyncIterable<StreamEvent>;
  /** Absent when the provider has no embeddings API. */
  embed?(request: EmbeddingRequest, options: CallOptions): Promise<EmbeddingResult>;
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
