import { ApiError } from '../../support/api-error';
import { ActivationLimits, DEFAULT_ACTIVATION_LIMITS } from './activation-limits';

const refused = (take: () => void) => {
  try {
    take();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.status : -1;
  }
};

describe('activation rate limits', () => {
  it('refuses an address over its limit with 429 until the minute is over', () => {
    let now = 0;
    const limits = new ActivationLimits(DEFAULT_ACTIVATION_LIMITS, () => now);
    for (let attempt = 0; attempt < DEFAULT_ACTIVATION_LIMITS.perAddress; attempt += 1)
      expect(refused(() => limits.take('192.0.2.1', `k${attempt}`))).toBeNull();
    expect(refused(() => limits.take('192.0.2.1', 'other'))).toBe(429);
    expect(refused(() => limits.take('192.0.2.2', 'other'))).toBeNull();
    now = 60_000;
    expect(refused(() => limits.take('192.0.2.1', 'fresh'))).toBeNull();
  });

  it('refuses one key over its limit from any address', () => {
    const limits = new ActivationLimits(DEFAULT_ACTIVATION_LIMITS, () => 0);
    for (let attempt = 0; attempt < DEFAULT_ACTIVATION_LIMITS.perKey; attempt += 1)
      expect(refused(() => limits.take(`198.51.100.${attempt}`, 'key'))).toBeNull();
    expect(refused(() => limits.take('203.0.113.9', 'key'))).toBe(429);
  });
});
