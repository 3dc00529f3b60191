import type { ProviderStatus } from '../../../router/settings/configured-providers';
import { OutboundGuard } from '../../../support/outbound-guard';
import { probeOutbound, type Connector } from './setup-outbound';

const status = (name: string, source: ProviderStatus['source'], baseUrl: string | null, configured = true) =>
  ({ name, configured, enabled: true, source, key_source: null, key_last4: null, base_url: baseUrl }) as ProviderStatus;

describe('probeOutbound: what the setup checklist says of each provider host', () => {
  const reached: string[] = [];
  const connector: Connector = async (host, port) => {
    reached.push(`${host}:${port}`);
    return host === 'down.example' ? 'ECONNREFUSED' : null;
  };
  beforeEach(() => (reached.length = 0));

  it('connects to each configured network provider, skips the mock and the unconfigured', async () => {
    const targets = await probeOutbound(
      [
        status('openai', 'environment', 'https://api.openai.com/v1'),
        status('mistral', 'environment', 'http://down.example:8080/v1'),
        status('anthropic', 'none', 'https://api.anthropic.com', false),
        status('mock', 'environment', null),
      ],
      new OutboundGuard([]),
      connector,
    );
    expect(targets).toEqual([
      { provider: 'openai', target: 'api.openai.com:443', status: 'ok' },
      { provider: 'mistral', target: 'down.example:8080', status: 'unreachable', message: 'ECONNREFUSED' },
    ]);
    expect(reached).toEqual(['api.openai.com:443', 'down.example:8080']);
  });

  it('refuses an admin-set base URL on a loopback address unless SVC_OUTBOUND_ALLOW lists it, without connecting', async () => {
    const local = [status('compat', 'admin', 'http://127.0.0.1:9000/v1')];
    const [refused] = await probeOutbound(local, new OutboundGuard([]), connector);
    expect(refused).toMatchObject({ provider: 'compat', target: '127.0.0.1:9000', status: 'refused' });
    expect(refused!.message).toContain('SVC_OUTBOUND_ALLOW lists 127.0.0.1:9000');
    expect(reached).toEqual([]);
    const [allowed] = await probeOutbound(local, new OutboundGuard(['127.0.0.1:9000']), connector);
    expect(allowed).toEqual({ provider: 'compat', target: '127.0.0.1:9000', status: 'ok' });
  });
});
