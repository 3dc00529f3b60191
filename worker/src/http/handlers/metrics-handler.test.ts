import type { IncomingMessage } from 'node:http';
import { isLoopbackPeer } from './metrics-handler';

const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('isLoopbackPeer (who may read /metrics without a key)', () => {
  it('accepts the loopback addresses of IPv4, IPv6 and IPv4-mapped IPv6', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map((address) => isLoopbackPeer(request(address)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('refuses every other peer, and a closed socket', () => {
    expect(
      ['10.0.0.1', '192.168.1.2', '203.0.113.7', '::ffff:10.0.0.1', 'fe80::1', '0.0.0.0', ''].map((address) =>
        isLoopbackPeer(request(address)),
      ),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(isLoopbackPeer(request(undefined))).toBe(false);
  });

  it('refuses a loopback peer that carries a proxy header (a reverse proxy on this machine) or a shell header', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-svc-hub-signature']) {
      expect(isLoopbackPeer(request('127.0.0.1', { [header]: '198.51.100.7' }))).toBe(false);
    }
    expect(isLoopbackPeer(request('127.0.0.1', { 'user-agent': 'prometheus/3' }))).toBe(true);
  });
});
