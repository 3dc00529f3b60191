import { ApiError } from '../../support/api-error';

/** Attempts per minute from one address, and on one licence key (docs/commerce.md "Licences and activations"; docs/configuration.md). */
export interface ActivationLimitSettings {
  perAddress: number;
  perKey: number;
}
export const DEFAULT_ACTIVATION_LIMITS: ActivationLimitSettings = { perAddress: 30, perKey: 20 };
const WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Fixed one-minute windows counting activation attempts per client address and per key hash
 * (a guessed key counts too), on this worker; over either → 429 with Retry-After. Bounded: the
 * oldest window makes room when it is full.
 */
export class ActivationLimits {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly settings: ActivationLimitSettings = DEFAULT_ACTIVATION_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; throws 429 when the address or the key is over its limit. */
  take(address: string, keyHash: string): void {
    const verdicts = [this.count(`a:${address}`, this.settings.perAddress), this.count(`k:${keyHash}`, this.settings.perKey)];
    const wait = Math.max(...verdicts);
    if (wait > 0) throw ApiError.rateLimited(wait);
  }

  /** Seconds to wait (0: allowed). */
  private count(bucket: string, limit: number): number {
    const now = this.now();
    let window = this.windows.get(bucket);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      this.windows.delete(bucket);
      while (this.windows.size >= MAX_TRACKED) this.windows.delete(this.windows.keys().next().value!);
      window = { startedAt: now, count: 0 };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return window.count > limit ? Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)) : 0;
  }
}
