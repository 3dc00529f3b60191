import { randomUUID } from 'node:crypto';
import { emulator } from '../support/emulator';
import { call } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { logIn, type WordPressSession } from '../support/wordpress-session';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** The admin routes the wp-admin screen added: provider test call, model list, usage split, entitlement expiry. */
describe('admin routes for the wp-admin screen (through WordPress)', () => {
  let session: WordPressSession;
  const admin = (method: string, path: string, body?: unknown) =>
    call('wordpress', ADMIN + path, {
      method,
      headers: { ...session.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    session = await logIn();
    await emulator().reset(); // no behaviour another suite scripted is left in the queue
  });

  it('tests a provider with one real call and reports the outcome and latency', async () => {
    const answer = await admin('POST', '/providers/openai/test', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'provider_test', provider: 'openai', model: 'openai/gpt-4o-mini', ok: true, error: null });
    expect(answer.body.latency_ms).toBeGreaterThan(0);
  });

  it('reports a rejected key as a failed test without echoing the key', async () => {
    const wrongKey = `sk-wrong-${randomUUID()}`;
    try {
      expect((await admin('PUT', '/providers/openrouter', { api_key: wrongKey })).status).toBe(200);
      const answer = await admin('POST', '/providers/openrouter/test', {});
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ provider: 'openrouter', ok: false, error: { code: 'svc_upstream_error', upstream_status: 401 } });
      expect(answer.text).not.toContain(wrongKey.slice(0, -4));
    } finally {
      await admin('DELETE', '/providers/openrouter');
    }
  });

  it('says a disabled provider is not configured, and refuses a model of another provider', async () => {
    try {
      await admin('PUT', '/providers/mistral', { enabled: false });
      const disabled = await admin('POST', '/providers/mistral/test', {});
      expect(disabled.body).toMatchObject({ ok: false, error: { code: 'svc_provider_not_configured' } });
    } finally {
      await admin('DELETE', '/providers/mistral');
    }
    const wrongModel = await admin('POST', '/providers/openai/test', { model: 'anthropic/claude-sonnet-4-5' });
    expect([wrongModel.status, Object.keys(wrongModel.body.data.params)]).toEqual([400, ['model']]);
    expect((await admin('POST', '/providers/skynet/test', {})).status).toBe(404);
  });

  it('lists every catalog model with its context window, price in force and whether it is overridden', async () => {
    await admin('PUT', '/prices/openai/gpt-4o', { input_per_mtok: 3, output_per_mtok: 11 });
    const answer = await admin('GET', '/models');
    expect(answer.status).toBe(200);
    const model = answer.body.data.find((entry: { id: string }) => entry.id === 'openai/gpt-4o');
    expect(model).toMatchObject({
      provider: 'openai',
      context_window: 128000,
      configured: true,
      price_overridden: true,
      pricing: { input_per_mtok: 3, output_per_mtok: 11, currency: 'USD' },
      shipped_pricing: { input_per_mtok: 2.5, output_per_mtok: 10, currency: 'USD' },
    });
    expect(answer.body.data.some((entry: { id: string }) => entry.id === 'mock/echo')).toBe(true);
  });

  it('splits the daily usage report by team, and refuses a split equal to the grouping', async () => {
    const answer = await admin('GET', '/usage?group_by=day&split_by=team');
    expect(answer.status).toBe(200);
    expect(answer.body.split_by).toBe('team');
    for (const row of answer.body.data) expect(Object.keys(row)).toContain('split');
    const bad = await admin('GET', '/usage?group_by=day&split_by=day');
    expect([bad.status, Object.keys(bad.body.data.params)]).toEqual([400, ['split_by']]);
    expect((await admin('GET', '/usage?group_by=constructor')).status).toBe(400);
  });

  it('sets an entitlement expiry with a reason, and requires the reason', async () => {
    const siteUrl = `https://expiry-${randomUUID().slice(0, 8)}.example`;
    hub('entitlement', 'grant', '--site', siteUrl, '--features', 'llm.chat');
    const missingReason = await admin('POST', '/entitlements/status', { site_url: siteUrl, expires_at: '2031-01-01T00:00:00Z' });
    expect([missingReason.status, Object.keys(missingReason.body.data.params)]).toEqual([400, ['reason']]);
    const changed = await admin('POST', '/entitlements/status', {
      site_url: siteUrl,
      package_id: null,
      expires_at: '2031-01-01T00:00:00Z',
      reason: 'trial extended',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: 'active', expires_at: '2031-01-01T00:00:00.000Z', changed: true });
  });
});
