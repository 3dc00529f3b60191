import { randomUUID } from 'node:crypto';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { hub } from '../support/hub-cli';
import { admin, auditEntry, sendWebhook } from '../support/webhook-calls';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';

/**
 * Noise (docs/woocommerce-webhook.md, "Audit log"): a store sells more than the hub's licences,
 * and its "Order updated" webhook delivers every order. One that carries no svc_ meta is none of
 * the hub's: audited `ignored` and kept as long as a failed attempt (30 days by default); one that
 * names a hub order and fails its checks stays `unmatched`, kept as long as a verified delivery.
 */
const unique = randomUUID().slice(0, 8);
const ADDRESS = randomLoopbackAddress();
const STORE = `https://noise-${unique}.example/`;
const SECRET = `noise-secret-${unique}`;
const DAY_MS = 86_400_000;
hub('store', 'add', '--source', STORE, '--secret', SECRET);
afterAll(closeLoopbackAgents);

function order(id: number, hubOrderId: string) {
  const body = restOrder({
    id,
    hubOrderId,
    siteUrl: 'https://client.example',
    status: 'processing',
    paidAt: new Date(),
    modifiedAt: new Date(),
  });
  if (hubOrderId === '') body.meta_data = body.meta_data.filter((meta) => !meta.key.startsWith('svc_'));
  return phpJsonEncode(body);
}

const keptDays = (entry: { received_at: string; expires_at: string }) =>
  Math.round((Date.parse(entry.expires_at) - Date.parse(entry.received_at)) / DAY_MS);

describe("a store's orders the hub did not sell", () => {
  it('are audited as ignored and kept 30 days; an order naming a hub order that fails its checks stays unmatched for 365', async () => {
    const ownSale = await sendWebhook(ADDRESS, 'direct', delivery(order(610_001, ''), { source: STORE, key: SECRET }));
    expect([ownSale.answer.status, ownSale.answer.body]).toEqual([
      200,
      { received: true, outcome: 'ignored', reason: 'not sold by the hub: the order carries no svc_ meta', order_id: null },
    ]);
    const ignored = await auditEntry(ownSale.requestId);
    expect(ignored).toMatchObject({ signature_result: 'valid', outcome: 'ignored', woo_order_id: 610_001 });
    expect(keptDays(ignored)).toBe(30);

    const stranger = await sendWebhook(
      ADDRESS,
      'direct',
      delivery(order(610_002, 'ord_01NOSUCHORDERNOSUCHORDER0'), { source: STORE, key: SECRET }),
    );
    expect([stranger.answer.status, stranger.answer.body.outcome]).toEqual([200, 'unmatched']);
    expect(keptDays(await auditEntry(stranger.requestId))).toBe(365);

    const listed = await admin('GET', `/webhook-audit?source=${encodeURIComponent(STORE)}&outcome=ignored`);
    expect(listed.body.data.map((entry: { woo_order_id: number }) => entry.woo_order_id)).toEqual([610_001]);
  });
});
