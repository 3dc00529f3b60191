import { canTransition, TERMINAL_STATUSES } from './entitlement-states';

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

  it('counts only revoked as terminal: an expired entitlement may still be renewed', () => {
    expect(TERMINAL_STATUSES).toEqual(['revoked']);
  });
});
