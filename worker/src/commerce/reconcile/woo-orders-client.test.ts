import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundGuard } from '../../support/outbound-guard';
import { oauthSignature, signatureBaseString } from './oauth1-signature';
import { StoreRestError, WooOrdersClient } from './woo-orders-client';

const CREDENTIALS = { consumerKey: 'ck_0123456789abcdef', consumerSecret: 'cs_fedcba9876543210' };
const QUERY = { modifiedAfter: new Date('2026-11-01T00:00:00Z'), page: 2, perPage: 50 };

let server: Server;
let storeUrl: string;
let hostPort: string;
let answer: { status: number; body: string; headers?: Record<string, string> };
let lastUrl = '';
let lastAuthorization: string | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastUrl = request.url ?? '';
    lastAuthorization = request.headers.authorization;
    response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  storeUrl = `http://127.0.0.1:${port}/shop/`;
  hostPort = `127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NOW_MS = Date.parse('2026-11-24T12:00:00.750Z');
const client = (allow: string[]) =>
  new WooOrdersClient(new OutboundGuard(allow), allow, { timeoutMs: 5000, userAgent: 'svc-hub/test', now: () => NOW_MS });

describe('the WooCommerce REST orders client', () => {
  it("reads a page over http signed with OAuth 1.0a in the query (never Basic), with WooCommerce's query and pagination headers", async () => {
    answer = { status: 200, body: '[{"id":1},{"id":2}]', headers: { 'X-WP-Total': '52', 'X-WP-TotalPages': '2' } };
    const page = await client([hostPort]).page(storeUrl, CREDENTIALS, QUERY);
    expect(page).toEqual({ orders: [{ id: 1 }, { id: 2 }], total: 52, totalPages: 2 });
    expect(lastAuthorization).toBeUndefined();
    const sent = new URL(lastUrl, storeUrl);
    expect(sent.pathname).toBe('/shop/wp-json/wc/v3/orders');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      modified_after: '2026-11-01T00:00:00',
      dates_are_gmt: 'true',
      orderby: 'modified',
      order: 'asc',
      per_page: '50',
      page: '2',
      oauth_consumer_key: CREDENTIALS.consumerKey,
      oauth_timestamp: String(Math.floor(NOW_MS / 1000)),
      oauth_nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      oauth_signature_method: 'HMAC-SHA256',
      oauth_signature: oauthSignature(signatureBaseString('GET', sent, [...sent.searchParams]), CREDENTIALS.consumerSecret),
    });
    expect(lastUrl).not.toContain(CREDENTIALS.consumerSecret);
    const first = sent.searchParams.get('oauth_nonce');
    await client([hostPort]).page(storeUrl, CREDENTIALS, QUERY);
    expect(new URL(lastUrl, storeUrl).searchParams.get('oauth_nonce')).not.toBe(first);
  });

  it('sends credentials over plain http only to a target SVC_OUTBOUND_ALLOW lists, and never to a private one otherwise', async () => {
    lastAuthorization = undefined;
    await expect(client([]).page(storeUrl, CREDENTIALS, QUERY)).rejects.toThrow(/REST credentials are sent over https only/);
    await expect(client([]).page('https://127.0.0.1:1/', CREDENTIALS, QUERY)).rejects.toThrow(/^refused: .*loopback/);
    expect(lastAuthorization).toBeUndefined();
  });

  it.each([
    [401, /refused the REST credentials \(HTTP 401\).*this server's clock; the store said x: Invalid timestamp\.$/],
    [404, /no wc\/v3\/orders route/],
    [301, /redirects are not followed/],
    [500, /answered HTTP 500/],
  ])('names what an HTTP %d means, without a credential', async (status, message) => {
    answer = { status, body: '{"code":"x","message":"Invalid   timestamp."}' };
    const error = await client([hostPort])
      .page(storeUrl, CREDENTIALS, QUERY)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StoreRestError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(CREDENTIALS.consumerSecret);
  });

  it('refuses an answer that is not a list of orders', async () => {
    answer = { status: 200, body: '<html>' };
    await expect(client([hostPort]).page(storeUrl, CREDENTIALS, QUERY)).rejects.toThrow(/not JSON/);
    answer = { status: 200, body: '{"orders":[]}' };
    await expect(client([hostPort]).page(storeUrl, CREDENTIALS, QUERY)).rejects.toThrow(/not a list of orders/);
  });
});
