import type { RateCounters } from '../limits/rate-counters';

/**
 * RateCounters in memory, with MySQL's semantics: each statement acts on the counter at one
 * instant (the row lock), after `latency()` — a hook the tests use to interleave workers.
 * `down` makes every statement fail as an unreachable database does.
 */
export class MemoryRateCounters implements RateCounters {
  readonly rows = new Map<string, number>();
  claims = 0;
  down = false;
  latency: () => Promise<void> = async () => undefined;

  async claim(keyId: string, window: number, chunk: number, limit: number): Promise<number> {
    await this.statement();
    const current = this.count(keyId, window);
    const granted = Math.min(chunk, Math.max(limit - current, 0));
    this.rows.set(`${keyId}@${window}`, current + granted);
    this.claims += 1;
    return granted;
  }

  async giveBack(keyId: string, window: number, amount: number): Promise<void> {
    await this.statement();
    const current = this.count(keyId, window);
    this.rows.set(`${keyId}@${window}`, current - Math.min(current, amount));
  }

  async add(window: number, counts: Array<{ keyId: string; count: number }>): Promise<void> {
    await this.statement();
    for (const { keyId, count } of counts) this.rows.set(`${keyId}@${window}`, this.count(keyId, window) + count);
  }

  async totals(window: number, keyIds: string[]): Promise<Map<string, number>> {
    await this.statement();
    return new Map(keyIds.filter((keyId) => this.rows.has(`${keyId}@${window}`)).map((keyId) => [keyId, this.count(keyId, window)]));
  }

  async prune(): Promise<void> {
    await this.statement();
  }

  count(keyId: string, window: number): number {
    return this.rows.get(`${keyId}@${window}`) ?? 0;
  }

  private async statement(): Promise<void> {
    await this.latency();
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:3306');
  }
}

/** A latency of 0–3 event-loop turns, from a seeded generator (the same interleaving every run). */
export function seededLatency(seed: number): () => Promise<void> {
  let state = seed;
  return async () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    for (let turn = state % 4; turn > 0; turn -= 1) await new Promise((resolve) => setImmediate(resolve));
  };
}
