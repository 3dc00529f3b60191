// `npm run bench -- scale`, the outbox with a worker killed mid-delivery: `changesPerSite`
// entitlement changes for each of `sites` client sites (PATCH /svc-license/v1/entitlement with
// an admin-scope key, through the balancer), delivered by both workers to the counting
// receiver; `kill -9` one worker once a quarter of them has arrived; then every message must
// be received and marked delivered. A message the killed worker sent but could not record is
// sent again by the other worker after its lease — with the same webhook-id (counted).
import { request } from 'undici';

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Moves the site's expiry (one entitlement change, one outbox message); throws { status, code } unless 200. */
export async function patchEntitlement(agent, baseUrl, adminKey, siteUrl, expiresAt) {
  const { statusCode, body } = await request(`${baseUrl}/wp-json/svc-license/v1/entitlement`, {
    dispatcher: agent,
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminKey}` },
    body: JSON.stringify({ site_url: siteUrl, expires_at: expiresAt.toISOString(), reason: 'bench: scale' }),
  });
  const text = await body.text();
  if (statusCode !== 200) {
    let code = null;
    try {
      code = JSON.parse(text).code ?? null;
    } catch {
      code = 'not_json';
    }
    throw Object.assign(new Error(`PATCH entitlement for ${siteUrl} answered ${statusCode}: ${text.slice(0, 300)}`), {
      status: statusCode,
      code,
    });
  }
}

async function waitSettled(database, siteUrls, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.outbox(siteUrls);
    if (rows.every((row) => row.status !== 'pending') || Date.now() > deadline) return rows;
    await pause(250);
  }
}

export async function outboxWithKill({
  agent,
  balancer,
  adminKey,
  siteUrls,
  receiver,
  victim,
  database,
  changesPerSite,
  settleMs,
  progress,
}) {
  // The grants made when the sites were set up are delivered first, so only this phase's changes are counted.
  await waitSettled(database, siteUrls, settleMs);
  const before = new Set((await database.outbox(siteUrls)).map((row) => row.id));
  const total = siteUrls.length * changesPerSite;
  const receivedBefore = new Set(receiver.seen.keys());
  const base = Date.now() + 30 * 86_400_000;
  const queued = performance.now();
  await Promise.all(
    siteUrls.map(async (siteUrl) => {
      for (let change = 1; change <= changesPerSite; change += 1)
        await patchEntitlement(agent, balancer.url, adminKey, siteUrl, new Date(base + change * 60_000));
    }),
  );
  progress(`queued ${total} entitlement changes for ${siteUrls.length} sites in ${(performance.now() - queued).toFixed(0)} ms`);
  const arrived = () => [...receiver.seen.keys()].filter((id) => !receivedBefore.has(id)).length;
  while (arrived() < total / 4 && performance.now() - queued < settleMs) await pause(10);
  const arrivedAtKill = arrived();
  victim.kill();
  progress(`kill -9 worker ${victim.name} (pid ${victim.pid}) after ${arrivedAtKill}/${total} messages arrived`);
  const rows = (await waitSettled(database, siteUrls, settleMs)).filter((row) => !before.has(row.id));
  if (process.env.BENCH_SCALE_DEBUG === '1') {
    const pending = await database.query(
      `SELECT id, site_url, attempts, last_error, claimed_until, next_attempt_at, UTC_TIMESTAMP(3) AS now FROM ${database.table('outbox')} WHERE status = 'pending' AND site_url IN (?) ORDER BY sequence`,
      [siteUrls],
    );
    progress(`pending: ${JSON.stringify(pending)}`);
  }
  const attempts = await database.attempts(rows.map((row) => row.id));
  const received = rows.filter((row) => (receiver.seen.get(row.id) ?? 0) > 0);
  const twice = rows.filter((row) => (receiver.seen.get(row.id) ?? 0) > 1);
  return {
    sites: siteUrls.length,
    queued: rows.length,
    expected: total,
    arrivedAtKill,
    delivered: rows.filter((row) => row.status === 'delivered').length,
    statuses: rows.reduce((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {}),
    received: received.length,
    receivedTwice: twice.length,
    extraDeliveries: twice.reduce((sum, row) => sum + receiver.seen.get(row.id) - 1, 0),
    recordedAttemptsOverOne: rows.filter((row) => (attempts.get(row.id) ?? 0) > 1).length,
    deliveredNotReceived: rows.filter((row) => row.status === 'delivered' && !receiver.seen.has(row.id)).length,
    seconds: (performance.now() - queued) / 1000,
  };
}
