import { auditRetentionDays } from './audit-retention';

const RETENTION = { failedDays: 30, verifiedDays: 365 };

describe('how long an audit row is kept', () => {
  it.each([
    ['valid', 'applied', 365],
    ['valid', 'unmatched', 365],
    ['valid', 'no_change', 365],
    ['valid', 'ignored', 30],
    ['invalid', 'rejected', 30],
    ['unsigned_ping', 'ping', 30],
  ] as const)('%s and %s: %d days', (signatureResult, outcome, days) => {
    expect(auditRetentionDays({ signatureResult, outcome }, RETENTION)).toBe(days);
  });
});
