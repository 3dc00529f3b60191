import { bearer, call, LANES } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { BEARER_ROUTES, requestFor } from './bearer-routes';
import { eventually } from '../support/eventually';

/**
 * Every Bearer route, on both lanes: the four auth answers prove that each one is
 * registered, forwarded by WordPress and answered by the worker.
 */
describe.each(LANES)('Bearer routes via %s', (lane) => {
  const revoked = createKey(['llm.chat', 'llm.embeddings']);
  hub('key', 'revoke', revoked.id);
  const unentitled = createKey();

  it.each(BEARER_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    const missing = await call(lane, route.path, requestFor(route));
    expect([missing.status, missing.body?.code]).toEqual([401, 'svc_missing_key']);
    expect(missing.headers.get('x-request-id')).toMatch(/^req_/);

    const wrong = await call(lane, route.path, requestFor(route, bearer('svc_live_' + 'x'.repeat(32))));
    expect([wrong.status, wrong.body?.code]).toEqual([401, 'svc_invalid_key']);

    const gone = await call(lane, route.path, requestFor(route, bearer(revoked.key)));
    expect([gone.status, gone.body?.code]).toEqual([401, 'svc_key_revoked']);

    const answer = await call(lane, route.path, requestFor(route, bearer(unentitled.key)));
    const expected = route.features.length > 0 ? [403, 'svc_no_entitlement'] : route.adminScope ? [403, 'svc_forbidden'] : route.ungated!;
    expect([answer.status, answer.body?.code]).toEqual(expected);
    if (answer.status >= 400) expect(answer.body.data.status).toBe(answer.status);
  });

  it('lets an entitled key through the gate, and only to its features', async () => {
    const entitled = createKey(['llm.chat']);
    const answer = await call(lane, '/wp-json/llm/router/v1/chat', requestFor(BEARER_ROUTES[0]!, bearer(entitled.key)));
    expect([answer.status, answer.body?.object]).toEqual([200, 'chat.completion']);
    const embeddings = await call(lane, '/wp-json/llm/router/v1/embeddings', requestFor(BEARER_ROUTES[3]!, bearer(entitled.key)));
    expect([embeddings.status, embeddings.body?.code]).toEqual([403, 'svc_no_entitlement']);
  });

  it('treats a non-Bearer Authorization header as a missing key', async () => {
    const answer = await call(lane, '/wp-json/llm/router/v1/models', { headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_missing_key']);
  });
});

describe('revocation and entitlement changes', () => {
  it('shows a revocation within 5 seconds', async () => {
    const key = createKey(['llm.chat']);
    const path = '/wp-json/llm/router/v1/models';
    expect((await call('direct', path, { headers: bearer(key.key) })).status).toBe(200);
    hub('key', 'revoke', key.id);
    const answer = await eventually(
      () => call('direct', path, { headers: bearer(key.key) }),
      (read) => read.body?.code === 'svc_key_revoked',
    );
    expect(answer.body?.code).toBe('svc_key_revoked');
  });

  it('closes the gate when the entitlement is suspended, with a reason', async () => {
    const key = createKey(['llm.chat']);
    hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'e2e: unpaid');
    const answer = await eventually(
      () => call('wordpress', '/wp-json/llm/router/v1/models', { headers: bearer(key.key) }),
      (read) => read.status === 403,
    );
    expect([answer.status, answer.body?.code]).toEqual([403, 'svc_no_entitlement']);
  });
});
