import { createUser } from '../browser/support/wordpress-users';
import { hub, createKey } from '../support/hub-cli';
import { bearer, call, json } from '../support/lanes';
import { logIn, type WordPressSession } from '../support/wordpress-session';
import { eventually } from '../support/eventually';

/**
 * The hub's operations as WordPress Abilities (6.9+), through WordPress's own REST surface
 * `/wp-json/wp-abilities/v1`: listed with schemas and annotations, run by an administrator
 * (GET for the read-only ones, DELETE for the destructive set-entitlement, as WordPress
 * requires), neither shown to nor run for a subscriber or nobody logged in.
 */
const ABILITIES = [
  'svc-hub/chat',
  'svc-hub/deactivate-site',
  'svc-hub/get-order',
  'svc-hub/list-licenses',
  'svc-hub/list-models',
  'svc-hub/list-orders',
  'svc-hub/set-entitlement',
  'svc-hub/usage-report',
];
const BASE = '/wp-json/wp-abilities/v1/abilities';

let admin: WordPressSession;
let subscriber: WordPressSession;
beforeAll(async () => {
  admin = await logIn();
  const user = createUser('subscriber');
  subscriber = await logIn(user.login, user.password);
});

/** `input` as PHP's query syntax (input[a]=b), for GET (read-only) and DELETE (destructive) runs. */
const inputQuery = (input: Record<string, string | number>) =>
  Object.entries(input)
    .map(([name, value]) => `input[${encodeURIComponent(name)}]=${encodeURIComponent(String(value))}`)
    .join('&');
const run = (session: WordPressSession | null, name: string, method: string, input?: Record<string, string | number>) => {
  const headers = session?.headers ?? {};
  // WordPress reads the input of GET and DELETE from the query, of POST from the JSON body.
  if (method === 'GET' || method === 'DELETE')
    return call('wordpress', `${BASE}/${name}/run${input ? `?${inputQuery(input)}` : ''}`, { method, headers });
  const body = json({ input });
  return call('wordpress', `${BASE}/${name}/run`, { ...body, method, headers: { ...body.headers, ...headers } });
};

describe('hub abilities', () => {
  it('lists the eight abilities with schemas, annotations and their category', async () => {
    const listed = await call('wordpress', `${BASE}?per_page=100`, { headers: admin.headers });
    expect(listed.status).toBe(200);
    const ours = (listed.body as { name: string }[]).filter((ability) => ability.name.startsWith('svc-hub/'));
    expect(ours.map((ability) => ability.name).sort()).toEqual(ABILITIES);
    const byName = Object.fromEntries(ours.map((ability: any) => [ability.name, ability]));
    expect(byName['svc-hub/usage-report']).toMatchObject({
      category: 'svc-hub',
      input_schema: { type: 'object' },
      output_schema: { type: 'object' },
      meta: { annotations: { readonly: true, destructive: false } },
    });
    expect(byName['svc-hub/set-entitlement']).toMatchObject({
      meta: { annotations: { readonly: false, destructive: true, idempotent: true } },
      input_schema: { required: ['site_url', 'reason'] },
    });
    expect(byName['svc-hub/get-order'].input_schema.required).toEqual(['id']);
    const one = await call('wordpress', `${BASE}/svc-hub/list-models`, { headers: admin.headers });
    expect([one.status, one.body.name]).toEqual([200, 'svc-hub/list-models']);
  });

  it('runs svc-hub/chat for an administrator (POST): the mock/echo answer, billed to wp-user:<id> with the team given', async () => {
    const team = `ability-team-${Date.now()}`;
    const answered = await run(admin, 'svc-hub/chat', 'POST', { prompt: 'hello from an agent', model: 'mock/echo', team });
    expect(answered.status).toBe(200);
    expect(answered.body.object).toBe('chat.completion');
    expect(answered.body.choices[0].message.content).toContain('hello from an agent');
    // The worker writes the call's usage row just after answering: ask until it is there.
    const teamRow = async () => {
      const usage = await run(admin, 'svc-hub/usage-report', 'GET', { group_by: 'team' });
      return (usage.body.data as { group: string; calls: number }[]).find((entry) => entry.group === team);
    };
    const row = await eventually(teamRow, (found) => found !== undefined);
    expect(row?.calls).toBe(1);
    const byKey = await run(admin, 'svc-hub/usage-report', 'GET', { group_by: 'key' });
    expect((byKey.body.data as { group: string }[]).some((entry) => /^wp-user:[1-9][0-9]*$/.test(entry.group))).toBe(true);
    const bad = await run(admin, 'svc-hub/chat', 'POST', { prompt: 'no model' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('model');
    const refused = await run(subscriber, 'svc-hub/chat', 'POST', { prompt: 'hi', model: 'mock/echo' });
    expect(refused.status).toBe(404);
  });

  it('runs the read-only abilities for an administrator (GET, input in the query)', async () => {
    const models = await run(admin, 'svc-hub/list-models', 'GET');
    expect(models.status).toBe(200);
    expect(models.body.data.length).toBeGreaterThan(0);
    const usage = await run(admin, 'svc-hub/usage-report', 'GET', { group_by: 'team' });
    expect([usage.status, usage.body.object]).toEqual([200, 'list']);

    const key = createKey();
    const packageId = `ability-${key.id.slice(-8).toLowerCase()}`;
    hub(
      'package',
      'create',
      '--id',
      packageId,
      '--name',
      'Ability',
      '--price',
      '9.00',
      '--currency',
      'EUR',
      '--features',
      'module.seo',
      '--woo-product',
      '77',
    );
    const checkout = json({ package_id: packageId, site_url: key.siteUrl });
    const order = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', {
      ...checkout,
      headers: { ...checkout.headers, ...bearer(key.key) },
    });
    expect(order.status).toBe(201);
    const orders = await run(admin, 'svc-hub/list-orders', 'GET', { site_url: key.siteUrl, per_page: 5 });
    expect([orders.status, orders.body.data.map((entry: { id: string }) => entry.id)]).toEqual([200, [order.body.id]]);
    const one = await run(admin, 'svc-hub/get-order', 'GET', { id: order.body.id });
    expect([one.status, one.body.id, one.body.status]).toEqual([200, order.body.id, 'pending']);
    const missing = await run(admin, 'svc-hub/get-order', 'GET', { id: `ord_${'0'.repeat(26)}` });
    expect(missing.status).toBe(404);
    // Licences (docs/commerce.md "Licences and activations"): listed; an unknown activation is 404, nothing ended.
    const licences = await run(admin, 'svc-hub/list-licenses', 'GET', { per_page: 5 });
    expect([licences.status, licences.body.object]).toEqual([200, 'list']);
    const noActivation = await run(admin, 'svc-hub/deactivate-site', 'DELETE', { activation_id: `act_${'0'.repeat(26)}` });
    expect(noActivation.status).toBe(404);
  });

  it('runs set-entitlement (destructive: DELETE) and the site’s licence changes; bad input changes nothing', async () => {
    const key = createKey(['module.seo']);
    const entitlement = () => call('wordpress', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key.key) });
    expect((await entitlement()).body.status).toBe('active');

    expect(
      (await run(admin, 'svc-hub/set-entitlement', 'POST', { site_url: key.siteUrl, status: 'suspended', reason: 'ability' })).status,
    ).toBe(405);
    const invalid = await run(admin, 'svc-hub/set-entitlement', 'DELETE', { site_url: key.siteUrl, status: 'melted', reason: 'ability' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const extra = await run(admin, 'svc-hub/usage-report', 'GET', { group_by: 'planet' });
    expect(extra.status).toBe(400);
    expect((await entitlement()).body.status).toBe('active');

    const changed = await run(admin, 'svc-hub/set-entitlement', 'DELETE', {
      site_url: key.siteUrl,
      status: 'suspended',
      reason: 'paused through an ability',
    });
    expect(changed.status).toBe(200);
    expect((await entitlement()).body).toMatchObject({ status: 'suspended', features: [] });
  });

  it('shows a subscriber neither the abilities nor their schemas nor the category (issue 25, item 9)', async () => {
    const listed = await call('wordpress', `${BASE}?per_page=100`, { headers: subscriber.headers });
    expect(listed.status).toBe(200);
    const names = (listed.body as { name: string }[]).map((ability) => ability.name);
    expect(names.filter((name) => name.startsWith('svc-hub/'))).toEqual([]);
    expect(Number(listed.headers.get('x-wp-total'))).toBe(names.length);
    expect(listed.text).not.toContain('svc-hub');
    const filtered = await call('wordpress', `${BASE}?category=svc-hub`, { headers: subscriber.headers });
    expect(filtered.text).not.toContain('svc-hub/');
    for (const name of ABILITIES) {
      const one = await call('wordpress', `${BASE}/${name}`, { headers: subscriber.headers });
      const unknown = await call('wordpress', `${BASE}/svc-hub/no-such-ability`, { headers: subscriber.headers });
      expect([name, one.status, one.body]).toEqual([name, unknown.status, unknown.body]);
      expect(one.status).toBe(404);
    }
    const categories = await call('wordpress', '/wp-json/wp-abilities/v1/categories?per_page=100', { headers: subscriber.headers });
    expect(categories.text).not.toContain('svc-hub');
  });

  it('refuses a subscriber and an anonymous caller', async () => {
    const key = createKey(['module.seo']);
    // Each is told what it would be told of an ability that does not exist.
    for (const session of [subscriber, null]) {
      const unknown = await run(session, 'svc-hub/no-such-ability', 'GET');
      expect(unknown.status).toBe(404);
      for (const answer of [
        await run(session, 'svc-hub/list-models', 'GET'),
        await run(session, 'svc-hub/usage-report', 'GET', { group_by: 'team' }),
        await run(session, 'svc-hub/set-entitlement', 'DELETE', { site_url: key.siteUrl, status: 'revoked', reason: 'not allowed' }),
      ]) {
        expect([answer.status, answer.body]).toEqual([unknown.status, unknown.body]);
      }
    }
    const anonymousList = await call('wordpress', BASE);
    expect(anonymousList.status).toBe(401);
    expect((await call('wordpress', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key.key) })).body.status).toBe('active');
  });
});
