import { canTransition } from './entitlement-states';

describe('entitlement transitions', () => {
  it.each([
    ['inactive', 'active'],
    ['active', 'suspended'],
    ['active', 'expired'],
    ['active', 'revoked'],
    ['suspended', 'active'],
    ['expired', 'active'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['revoked', 'active'],
    ['inactive', 'suspended'],
    ['active', 'inactive'],
    ['active', 'active'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });
});
