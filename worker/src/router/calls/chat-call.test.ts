import { callIdentity } from './chat-call';

describe('callIdentity', () => {
  it("names the caller and the call, never the key's site (that is for budgets only)", () => {
    const caller = { requestId: 'req_1', keyId: 'key_1', keyTeam: 'team-a', siteUrl: 'https://site.example' };
    const metadata = { team: 'b', campaign: 'c', user: 'u' };
    expect(callIdentity(caller, metadata, 'fast', 'chat')).toStrictEqual({
      requestId: 'req_1',
      keyId: 'key_1',
      keyTeam: 'team-a',
      metadata,
      purpose: 'fast',
      kind: 'chat',
    });
  });
});
