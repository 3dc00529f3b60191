/**
 * Scripted behaviours: tests queue them per provider and model (FIFO); each matching request
 * takes the next one, and requests answer normally once the queue is empty.
 */

export const PROVIDERS = ['openai', 'mistral', 'openrouter', 'compat', 'deepseek', 'groq', 'xai', 'anthropic', 'google', 'ollama'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface Behaviour {
  /** Answer with this status and the provider's own error body (529: Anthropic overloaded). */
  status?: number;
  /** With `status`: the `Retry-After` header (Gemini: `RetryInfo.retryDelay` in the body instead). */
  retryAfter?: string;
  /** Send nothing, not even headers, for this long (first-token timeouts). */
  delayHeadersMs?: number;
  /** Streams: send the headers, then wait this long before the first event. */
  delayFirstChunkMs?: number;
  /** Streams: wait this long between text deltas (a slow, steady model). */
  intervalMs?: number;
  /** Streams: send the first text delta, then go silent until the client hangs up. */
  stallAfterFirstChunk?: boolean;
  /** Streams: send up to the first text delta, then wait for `POST /_control/ack/<id>`. */
  waitForAck?: string;
  /** Streams: one text delta, then the provider's own mid-stream error, then the end. */
  midStreamError?: boolean;
  /** Report no usage at all (streams and blocking answers). */
  noUsage?: boolean;
  /** OpenAI-shaped usage (openai, openrouter): these figures instead of the counted ones (scripted-usage.ts). */
  promptTokens?: number;
  completionTokens?: number;
  /** `prompt_tokens_details.cached_tokens` (part of prompt_tokens). */
  cachedTokens?: number;
  /** `completion_tokens_details.reasoning_tokens` (part of completion_tokens). */
  reasoningTokens?: number;
}

const BEHAVIOUR_FIELDS: Record<keyof Behaviour, 'number' | 'string' | 'boolean'> = {
  status: 'number',
  retryAfter: 'string',
  delayHeadersMs: 'number',
  delayFirstChunkMs: 'number',
  intervalMs: 'number',
  stallAfterFirstChunk: 'boolean',
  waitForAck: 'string',
  midStreamError: 'boolean',
  noUsage: 'boolean',
  promptTokens: 'number',
  completionTokens: 'number',
  cachedTokens: 'number',
  reasoningTokens: 'number',
};

/** Why `value` is not a behaviour, or null when it is one. */
export function behaviourProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'each behaviour must be an object';
  for (const [name, content] of Object.entries(value)) {
    const type = BEHAVIOUR_FIELDS[name as keyof Behaviour];
    if (!type) return `unknown behaviour field "${name}"`;
    if (typeof content !== type) return `"${name}" must be a ${type}`;
  }
  return null;
}

const WILDCARD = '*';

export class ScriptBook {
  private readonly queues = new Map<string, Behaviour[]>();

  /** `model` undefined or "*" matches every model of the provider (used after exact matches). */
  add(provider: ProviderName, model: string | undefined, behaviours: Behaviour[]): number {
    const key = `${provider}\u0000${model ?? WILDCARD}`;
    const queue = this.queues.get(key) ?? [];
    queue.push(...behaviours);
    this.queues.set(key, queue);
    return queue.length;
  }

  /** The next scripted behaviour for this request, or a normal one ({}). */
  take(provider: ProviderName, model: string | null): Behaviour {
    for (const key of [`${provider}\u0000${model ?? ''}`, `${provider}\u0000${WILDCARD}`]) {
      const queue = this.queues.get(key);
      if (queue && queue.length > 0) return queue.shift()!;
    }
    return {};
  }

  clear(): void {
    this.queues.clear();
  }
}

/** `waitForAck` gates: an ack that arrives before the stream waits is remembered. */
export class AckBoard {
  private readonly acknowledged = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();

  /** Returns whether a stream was waiting for it. */
  ack(id: string): boolean {
    const waiting = this.waiters.get(id) ?? [];
    this.waiters.delete(id);
    if (waiting.length === 0) this.acknowledged.add(id);
    waiting.forEach((release) => release());
    return waiting.length > 0;
  }

  wait(id: string): Promise<void> {
    if (this.acknowledged.delete(id)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  clear(): void {
    this.acknowledged.clear();
  }
}
