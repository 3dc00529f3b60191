import { hostPortOf, parseOutboundAllow } from './outbound-allow';

describe('SVC_OUTBOUND_ALLOW entries', () => {
  it('normalises host:port entries', () => {
    expect(parseOutboundAllow(' 127.0.0.1:8080, Client.LAN:443 ,[::1]:9000,')).toEqual(['127.0.0.1:8080', 'client.lan:443', '[::1]:9000']);
    expect(parseOutboundAllow('')).toEqual([]);
  });

  it.each(['127.0.0.1', 'host:0', 'host:70000', 'http://host:80', '::1:80', 'a b:80'])('refuses %p', (text) => {
    expect(parseOutboundAllow(text)).toBeNull();
  });

  it('spells a URL as host:port with the default port', () => {
    expect(hostPortOf(new URL('https://Client.Example/x'))).toBe('client.example:443');
    expect(hostPortOf(new URL('http://127.0.0.1:8123/x'))).toBe('127.0.0.1:8123');
    expect(hostPortOf(new URL('http://[::1]/x'))).toBe('[::1]:80');
  });
});
