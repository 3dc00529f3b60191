import { callIdentity } from './chat-call';

describe('callIdentity', () => {
  it("names the caller and the call, with the key's site (the cache's team scope and the markup are per site)", () => {
    const caller = { requestId: 'req_1', keyId: 'key_1', keyTeam: 'team-a', siteUrl: 'https://site.example' };
    const metadata = { team: 'b', campaign: 'c', user: 'u' };
    expect(callIdentity(caller, metadata, 'fast', 'chat')).toStrictEqual({
      requestId: 'req_1',
      keyId: 'key_1',
      keyTeam: 'team-a',
      siteUrl: 'https://site.example',
      metadata,
      purpose: 'fast',
      kind: 'chat',
    });
  });
});
