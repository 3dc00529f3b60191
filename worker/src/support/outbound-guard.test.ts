import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { OutboundGuard, OutboundRefusedError, pinnedAgent } from './outbound-guard';

const resolverOf = (table: Record<string, LookupAddress[]>) => {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolve, asked };
};

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('OutboundGuard', () => {
  const dns = resolverOf({
    'client.example': [v4('93.184.216.34'), v6('2606:2800:220:1:248:1893:25c8:1946')],
    'mixed.example': [v4('93.184.216.34'), v4('10.0.0.5')],
    'metadata.example': [v4('169.254.169.254')],
    'mapped.example': [v6('::ffff:127.0.0.1')],
    'lan.example': [v4('192.168.1.20')],
    'empty.example': [],
  });
  const guard = new OutboundGuard(['lan.example:8443', '127.0.0.1:9000'], dns.resolve);

  it('pins a public host to its first address', async () => {
    const target = await guard.check('https://client.example/wp-json/svc-client/v1/entitlement');
    expect([target.address, target.family, target.url.hostname]).toEqual(['93.184.216.34', 4, 'client.example']);
  });

  it.each([
    ['http://mixed.example/', /resolves to 10\.0\.0\.5, a private/],
    ['http://metadata.example/latest/meta-data', /169\.254\.169\.254, a link-local/],
    ['http://mapped.example/', /IPv4-mapped loopback/],
    ['http://lan.example/', /SVC_OUTBOUND_ALLOW lists lan\.example:80/],
    ['http://127.0.0.1:9001/', /loopback/],
    ['http://[::1]:9000/', /loopback/],
    ['http://0.0.0.0:9000/', /this network/],
    ['http://[::ffff:a9fe:a9fe]/', /IPv4-mapped link-local/],
    ['ftp://client.example/', /http and https only/],
    ['https://user:pass@client.example/', /credentials/],
    ['not a url', /not an absolute URL/],
  ])('refuses %s', async (target, reason) => {
    const refusal = guard.check(target);
    await expect(refusal).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(refusal).rejects.toThrow(reason);
  });

  it('lets an allowed host:port through even when it is not public', async () => {
    expect((await guard.check('https://lan.example:8443/hook')).address).toBe('192.168.1.20');
    expect((await guard.check('http://127.0.0.1:9000/hook')).address).toBe('127.0.0.1');
  });

  it('does not ask DNS for an IP literal, and says when a name does not resolve', async () => {
    dns.asked.length = 0;
    await guard.check('http://93.184.216.34/');
    expect(dns.asked).toEqual([]);
    await expect(guard.check('http://nowhere.example/')).rejects.toThrow('cannot resolve nowhere.example (ENOTFOUND)');
    await expect(guard.check('http://empty.example/')).rejects.toThrow('resolves to no address');
  });
});

describe('pinnedAgent', () => {
  let server: Server;
  let port: number;
  const hosts: string[] = [];

  beforeAll(async () => {
    server = createServer((incoming, outgoing) => {
      hosts.push(incoming.headers.host ?? '');
      outgoing.end('pinned');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the checked address whatever DNS says now, keeping the Host header', async () => {
    // "rebinding.invalid" does not resolve at all: only the pinned lookup can reach the server.
    const guard = new OutboundGuard([`rebinding.invalid:${port}`], async () => [v4('127.0.0.1')]);
    const target = await guard.check(`http://rebinding.invalid:${port}/hook`);
    const agent = pinnedAgent(target, 2000);
    try {
      const response = await request(target.url, { dispatcher: agent });
      expect(await response.body.text()).toBe('pinned');
      expect(hosts).toEqual([`rebinding.invalid:${port}`]);
    } finally {
      await agent.destroy();
    }
  });
});
