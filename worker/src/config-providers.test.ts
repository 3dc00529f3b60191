import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

/** SVC_PROVIDER_CONNECTIONS of worker/src/config.ts (docs/providers.md). */

describe('provider connection limit', () => {
  it('allows 1000 connections per provider origin by default: twice the 500 open streams of docs/architecture.md §8', () => {
    expect(loadConfig(VALID).providerConnections).toBe(1000);
  });

  it('reads SVC_PROVIDER_CONNECTIONS', () => {
    expect(loadConfig({ ...VALID, SVC_PROVIDER_CONNECTIONS: '64' }).providerConnections).toBe(64);
  });

  it.each(['0', 'many', '100001'])('refuses SVC_PROVIDER_CONNECTIONS=%s, saying what it takes', (value) => {
    expect(problemsOf({ ...VALID, SVC_PROVIDER_CONNECTIONS: value })).toEqual([
      expect.stringMatching(/^SVC_PROVIDER_CONNECTIONS must be a whole number from 1 to 100000/),
    ]);
  });
});
