import { createHmac, randomUUID } from 'node:crypto';
import { randomLoopbackAddress } from '../../../support/loopback';
import { stack } from '../../../support/stack';
import { auditRowsOf } from '../audit-rows';
import type { Fixture } from '../fixture';
import type { HostileCase } from '../hostile-case';
import { HOSTILE_ROUTES } from '../route-table';
import { WAYS, type HostileAnswer, type HostileRequest } from '../ways';

/**
 * The webhook's gate against unverified input (hostile input, round 2; docs/woocommerce-webhook.md,
 * "What each answer means" and "Failure limit"), on every way in, each case from one fresh
 * address:
 * - item 3: unsigned and badly signed noise past the failure limit never refuses the store's
 *   signed delivery from the same address (a shared NAT, CDN or proxy), and WooCommerce's
 *   pings count against nobody;
 * - item 8: an unknown X-WC-Webhook-Source, a wrong signature and a missing one get the same
 *   answer byte for byte, so the answers do not tell which stores are configured; only the
 *   audit rows say which check failed.
 */
const WEBHOOK = HOSTILE_ROUTES.find((route) => route.auth === 'webhook')!;
const failureLimit = () => Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
const USER_AGENT = 'WooCommerce/10.0.2 Hookshot (WordPress/7.1)';

/** A delivery as WooCommerce sends it: `key` signs the body, null sends no signature. */
function delivery(from: string, source: string, key: string | null, body: string): HostileRequest {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-WC-Webhook-Source': source,
    'X-WC-Webhook-Topic': 'order.updated',
  };
  if (key !== null) headers['X-WC-Webhook-Signature'] = createHmac('sha256', key).update(body).digest('base64');
  return { method: 'POST', target: WEBHOOK.path, from, body, headers };
}

/** The route's refused body: verified, it changes nothing (no hub order named). */
const bodyOf = (fixture: Fixture) => JSON.stringify(WEBHOOK.body!(fixture));
const unknownSource = () => `https://unknown-${randomUUID().slice(0, 8)}.example/`;

/** Unverifiable attempts, taking turns: no X-WC-Webhook-* header, a wrong key, an unknown store. */
function noise(fixture: Fixture, from: string, index: number): HostileRequest {
  const body = bodyOf(fixture);
  if (index % 3 === 0) return { method: 'POST', target: WEBHOOK.path, from, body, headers: { 'Content-Type': 'application/json' } };
  if (index % 3 === 1) return delivery(from, fixture.store.source, `${fixture.store.secret}-wrong`, body);
  return delivery(from, unknownSource(), fixture.store.secret, body);
}

const statusesOf = (answers: HostileAnswer[]) => answers.map((answer) => answer.status).join(',');

function floodThenSigned(way: (typeof WAYS)[number]): HostileCase {
  const limit = failureLimit();
  const over = 3;
  return {
    family: 'webhook-gate',
    attack: `${limit + over} unsigned or badly signed attempts, then the store's signed delivery, from one address`,
    finding: 'round 2, item 3',
    route: WEBHOOK,
    way,
    statuses: [200, 401, 429],
    requests: (fixture) => {
      const from = randomLoopbackAddress();
      const flood = Array.from({ length: limit + over }, (_, index) => noise(fixture, from, index));
      return [...flood, delivery(from, fixture.store.source, fixture.store.secret, bodyOf(fixture)), noise(fixture, from, 1)];
    },
    check: (answers) => {
      const wanted = [...Array(limit).fill(401), ...Array(over).fill(429), 200, 429].join(',');
      const problems =
        statusesOf(answers) === wanted ? [] : [`statuses ${statusesOf(answers)}, wanted ${wanted} (the signed delivery is never limited)`];
      const signed = answers[limit + over];
      if (signed?.body?.received !== true) problems.push(`the signed delivery was not received: ${signed?.text.slice(0, 200)}`);
      return problems;
    },
  };
}

function pingsCountAgainstNobody(way: (typeof WAYS)[number]): HostileCase {
  const pings = failureLimit() + 10;
  return {
    family: 'webhook-gate',
    attack: `${pings} WooCommerce pings, then a bad signature and the store's signed delivery, from one address`,
    finding: 'round 2, item 3',
    route: WEBHOOK,
    way,
    statuses: [200, 401],
    requests: (fixture) => {
      const from = randomLoopbackAddress();
      const ping: HostileRequest = {
        method: 'POST',
        target: WEBHOOK.path,
        from,
        body: 'webhook_id=12',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': USER_AGENT },
      };
      return [
        ...Array.from({ length: pings }, () => ping),
        noise(fixture, from, 1),
        delivery(from, fixture.store.source, fixture.store.secret, bodyOf(fixture)),
      ];
    },
    check: (answers) => {
      const wanted = [...Array(pings).fill(200), 401, 200].join(',');
      const problems =
        statusesOf(answers) === wanted
          ? []
          : [`statuses ${statusesOf(answers)}, wanted ${wanted} (a ping is answered 200 and counts against nobody)`];
      const notPing = answers.slice(0, pings).filter((answer) => answer.body?.outcome !== 'ping');
      if (notPing.length > 0) problems.push(`${notPing.length} ping(s) not answered as a ping: ${notPing[0]!.text.slice(0, 200)}`);
      return problems;
    },
  };
}

/** An answer as the client sees it, but for what differs from one request to the next anyway: its request id and the clock. */
function publicAnswer(answer: HostileAnswer): string {
  const headers = Object.entries(answer.headers).filter(([name]) => name !== 'x-request-id' && name !== 'date');
  return JSON.stringify({ status: answer.status, headers, bytes: answer.bytes, body: answer.text });
}

function sameRefusal(way: (typeof WAYS)[number]): HostileCase {
  const CHECKS = ['unknown_store', 'invalid', 'missing'];
  const from = randomLoopbackAddress();
  return {
    family: 'webhook-gate',
    attack: 'an unknown store, a wrong signature and no signature answered alike',
    finding: 'round 2, item 8',
    route: WEBHOOK,
    way,
    statuses: [401],
    requests: (fixture) => {
      const body = bodyOf(fixture);
      return [
        delivery(from, unknownSource(), fixture.store.secret, body),
        delivery(from, fixture.store.source, `${fixture.store.secret}-wrong`, body),
        delivery(from, fixture.store.source, null, body),
      ];
    },
    check: async (answers) => {
      const problems: string[] = [];
      const [first, ...others] = answers.map(publicAnswer);
      others.forEach((other, index) => {
        if (other !== first)
          problems.push(`the answer to "${CHECKS[index + 1]}" differs from the one to "${CHECKS[0]}":\n  ${first}\n  ${other}`);
      });
      const rows = await auditRowsOf(from);
      const results = rows.map((row) => row.signature_result);
      if (results.join(',') !== CHECKS.join(','))
        problems.push(`audit rows say ${results.join(',') || 'nothing'}, wanted ${CHECKS.join(',')}`);
      if (new Set(rows.map((row) => row.reason)).size !== CHECKS.length)
        problems.push(`the audit rows' reasons do not tell the three apart: ${rows.map((row) => row.reason).join(' | ')}`);
      return problems;
    },
  };
}

export function webhookGateCases(): HostileCase[] {
  return WAYS.flatMap((way) => [floodThenSigned(way), pingsCountAgainstNobody(way), sameRefusal(way)]);
}
