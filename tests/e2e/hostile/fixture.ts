import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, hub, type TestKey } from '../../support/hub-cli';
import { shellHeaders } from '../../support/signed-request';
import { parseEnvFile, stack } from '../../support/stack';
import { logIn, type WordPressSession } from '../../support/wordpress-session';
import { send } from './ways';

/**
 * What every hostile case may use: two client keys of two sites (each with an order of its
 * own, both entitled to the LLM features), an admin-scope key, a configured WooCommerce store
 * and a logged-in wp-admin session. Keys get a high rate limit so that no case is answered
 * 429 before its attack is read. Everything here is written before the first checksum.
 */
export interface Fixture {
  clientA: TestKey;
  clientB: TestKey;
  adminKey: TestKey;
  orderOfA: string;
  orderOfB: string;
  /** Site A's entitlement (`entitlement_id` of another site must be 404). */
  entitlementOfA: string;
  /** Two more orders of B, each claimed by at most one case (finding 5). */
  victimOrders: string[];
  store: { source: string; secret: string };
  packageId: string;
  session: WordPressSession;
  /** Values that must never appear in an answer. */
  secrets: string[];
  /** Ids of the suite's own keys (their rate counters and last_used_at are bookkeeping). */
  keyIds: string[];
}

const SECRET_NAME = /SECRET|KEY|PASSWORD|TOKEN/i;

/** The stack's secrets (worker.env, secrets.env), each at least 8 characters long. */
export function stackSecrets(): string[] {
  const info = stack();
  const fromFile = parseEnvFile(readFileSync(join(info.dir, 'secrets.env'), 'utf8'));
  return [...Object.entries(info.workerEnv), ...Object.entries(fromFile)]
    .filter(([name, value]) => SECRET_NAME.test(name) && value.length >= 8)
    .map(([, value]) => value);
}

async function adminCall(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const answer = await send('direct', {
    method,
    target: path,
    body: body === undefined ? undefined : text,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...shellHeaders({ method, path, body: text }) },
  });
  if (answer.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.body;
}

async function checkout(key: TestKey, packageId: string): Promise<string> {
  const body = JSON.stringify({ package_id: packageId, site_url: key.siteUrl });
  const answer = await send('direct', {
    method: 'POST',
    target: '/wp-json/svc-commerce/v1/checkout',
    body,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}` },
  });
  if (answer.status !== 201) throw new Error(`fixture: checkout answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.body.id as string;
}

export async function createFixture(): Promise<Fixture> {
  const unique = randomUUID().slice(0, 8);
  const clientA = createKey(['llm.chat', 'llm.embeddings']);
  const clientB = createKey(['llm.chat', 'llm.embeddings']);
  const adminKey = createKey([], 'admin');
  for (const key of [clientA, clientB, adminKey]) {
    await adminCall('PATCH', `/wp-json/svc-hub/v1/admin/keys/${key.id}`, { rate_limit_per_minute: 100_000 });
  }
  const store = { source: `https://hostile-${unique}.example/`, secret: `hostile-store-secret-${unique}` };
  hub('store', 'add', '--source', store.source, '--secret', store.secret);
  const packageId = `hostile-${unique}`;
  hub(
    'package',
    'create',
    '--id',
    packageId,
    '--name',
    'Hostile',
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'module.hostile',
    '--woo-product',
    '77',
    '--store',
    store.source,
  );
  const orderOfA = await checkout(clientA, packageId);
  const orderOfB = await checkout(clientB, packageId);
  const victimOrders = [await checkout(clientB, packageId), await checkout(clientB, packageId)];
  const entitlementOfA = hub('entitlement', 'list', '--site', clientA.siteUrl)[0]!.split('\t')[0]!;
  const session = await logIn();
  const keys = [clientA, clientB, adminKey];
  return {
    clientA,
    clientB,
    adminKey,
    orderOfA,
    orderOfB,
    entitlementOfA,
    victimOrders,
    store,
    packageId,
    session,
    secrets: [...stackSecrets(), ...keys.flatMap((key) => [key.key, key.webhookSecret]), store.secret],
    keyIds: keys.map((key) => key.id),
  };
}
