import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** The WooCommerce webhook settings of worker/src/config.ts (the rest is in config.test.ts). */

describe('webhook configuration', () => {
  it('keeps failed attempts 30 days, verified ones 365, and allows 20 failures a minute by default', () => {
    expect(loadConfig(VALID).webhook).toEqual({ auditFailedDays: 30, auditVerifiedDays: 365, failureLimitPerMinute: 20 });
  });

  it('reads its three variables', () => {
    const config = loadConfig({
      ...VALID,
      SVC_WEBHOOK_AUDIT_FAILED_DAYS: '7',
      SVC_WEBHOOK_AUDIT_VERIFIED_DAYS: '730',
      SVC_WEBHOOK_FAILURE_LIMIT: '5',
    });
    expect(config.webhook).toEqual({ auditFailedDays: 7, auditVerifiedDays: 730, failureLimitPerMinute: 5 });
  });

  it.each([
    ['SVC_WEBHOOK_AUDIT_FAILED_DAYS', '0'],
    ['SVC_WEBHOOK_AUDIT_VERIFIED_DAYS', 'a year'],
    ['SVC_WEBHOOK_FAILURE_LIMIT', '-1'],
  ])('refuses %s=%s, saying what it takes', (name, value) => {
    expect(problemsOf({ ...VALID, [name]: value })).toEqual([
      expect.stringMatching(new RegExp(`^${name} must be a whole number from 1 to `)),
    ]);
  });
});
