import type { Behaviour, ProviderName } from './behaviours';

/** One request the emulator received, as `GET /_control/requests` shows it. */
export interface LoggedRequest {
  id: string;
  provider: ProviderName;
  /** The provider-local model name (from the body, or the path for Gemini); null for lists. */
  model: string | null;
  method: string;
  /** Path as received, without the query string (e.g. `/openai/v1/chat/completions`). */
  path: string;
  query: string;
  stream: boolean;
  /** The parsed JSON body (the raw text when it was not JSON; null when empty). */
  body: unknown;
  headers: Record<string, string>;
  /** The credentials matched the configured key (always true for Ollama). */
  authorized: boolean;
  /** Status the emulator answered with; null while it has not sent headers. */
  status: number | null;
  behaviour: Behaviour;
  /** Milliseconds since the epoch. */
  startedAt: number;
  endedAt: number | null;
  /** The client closed the connection before the emulator finished its answer. */
  closedByClient: boolean;
}

const MAX_ENTRIES = 2000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private sequence = 0;

  open(fields: Pick<LoggedRequest, 'provider' | 'method' | 'path' | 'query' | 'body' | 'headers'>): LoggedRequest {
    this.sequence += 1;
    const entry: LoggedRequest = {
      id: `emu_${this.sequence}`,
      provider: fields.provider,
      model: null,
      method: fields.method,
      path: fields.path,
      query: fields.query,
      stream: false,
      body: fields.body,
      headers: fields.headers,
      authorized: false,
      status: null,
      behaviour: {},
      startedAt: Date.now(),
      endedAt: null,
      closedByClient: false,
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return entry;
  }

  list(filter: { provider?: string; model?: string } = {}): LoggedRequest[] {
    return this.entries.filter(
      (entry) => (!filter.provider || entry.provider === filter.provider) && (!filter.model || entry.model === filter.model),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
