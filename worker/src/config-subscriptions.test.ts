import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** WooCommerce Subscriptions' setting of worker/src/config.ts (docs/commerce.md, "Subscriptions"). */

describe('subscription configuration', () => {
  it('gives a failed renewal 3 days by default, any whole number of days from 0 to 90 when set', () => {
    expect(loadConfig(VALID).renewalGraceDays).toBe(3);
    expect(loadConfig({ ...VALID, SVC_RENEWAL_GRACE_DAYS: '0' }).renewalGraceDays).toBe(0);
    expect(loadConfig({ ...VALID, SVC_RENEWAL_GRACE_DAYS: '14' }).renewalGraceDays).toBe(14);
  });

  it.each(['-1', '2.5', '91', 'three'])('explains a bad SVC_RENEWAL_GRACE_DAYS (%s) in one line', (value) => {
    expect(problemsOf({ ...VALID, SVC_RENEWAL_GRACE_DAYS: value })).toEqual([
      `SVC_RENEWAL_GRACE_DAYS must be a whole number from 0 to 90 (got "${value}").`,
    ]);
  });
});
