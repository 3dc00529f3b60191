import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServer } from './test-server';
import { restOrder, type OrderOptions } from './woo-webhook';

type RestOrder = ReturnType<typeof restOrder>;

export interface RestStore {
  /** The store's home URL, with a trailing slash (what X-WC-Webhook-Source sends). */
  url: string;
  /** `host:port`, for SVC_OUTBOUND_ALLOW. */
  hostPort: string;
  consumerKey: string;
  consumerSecret: string;
  /** Adds or replaces an order (as WooCommerce saves one: date_modified_gmt is the caller's). */
  put(options: OrderOptions): RestOrder;
  /** Every request the hub made: path with query, headers. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body: JSON.stringify(body), headers });

/** WooCommerce's `*_gmt` values have no zone; compared as UTC. */
const gmtTime = (value: string) => Date.parse(`${value}Z`);

/**
 * A stand-in for a WooCommerce store's REST API v3 `GET /wp-json/wc/v3/orders` (docs/external/woocommerce.md:
 * the REST v3 order shape, money as decimal strings), in this process on 127.0.0.1: basic auth
 * with its consumer key and secret (401 `woocommerce_rest_authentication_error` otherwise, as
 * WooCommerce answers), `modified_after` (with `dates_are_gmt`, compared to
 * date_modified_gmt), `orderby=modified` ascending, `per_page` (1–100, default 10) and `page`,
 * and the pagination headers X-WP-Total and X-WP-TotalPages. Anything else is 404
 * `rest_no_route`.
 */
export async function startRestStore(consumerKey: string, consumerSecret: string): Promise<RestStore> {
  const orders = new Map<number, RestOrder>();
  const requests: RestStore['requests'] = [];
  const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;

  function answer(path: string, authorization: string | undefined) {
    const url = new URL(path, 'http://store.invalid');
    if (url.pathname !== '/wp-json/wc/v3/orders')
      return json(404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    if (authorization !== expected) {
      return json(401, { code: 'woocommerce_rest_authentication_error', message: 'Consumer secret is invalid.', data: { status: 401 } });
    }
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100 || !Number.isInteger(page) || page < 1) {
      return json(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page, page', data: { status: 400 } });
    }
    const after = url.searchParams.get('modified_after');
    const afterTime = after === null ? -Infinity : Date.parse(/Z|[+-]\d\d:\d\d$/.test(after) ? after : `${after}Z`);
    const matching = [...orders.values()]
      .filter((order) => gmtTime(order.date_modified_gmt) > afterTime)
      .sort((a, b) => gmtTime(a.date_modified_gmt) - gmtTime(b.date_modified_gmt) || a.id - b.id);
    const totalPages = Math.ceil(matching.length / perPage);
    const slice = matching.slice((page - 1) * perPage, page * perPage);
    return json(200, slice, { 'X-WP-Total': String(matching.length), 'X-WP-TotalPages': String(totalPages) });
  }

  const server: Server = createTestServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    const reply =
      request.method === 'GET'
        ? answer(request.url ?? '/', request.headers.authorization)
        : json(404, { code: 'rest_no_route', message: 'No route.', data: { status: 404 } });
    // PHP's json_encode escapes "/" as "\/", as WordPress sends it.
    response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8', ...reply.headers });
    response.end(reply.body.replace(/\//g, '\\/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hostPort: `127.0.0.1:${port}`,
    consumerKey,
    consumerSecret,
    requests,
    put(options) {
      const order = restOrder(options);
      orders.set(order.id, order);
      return order;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
