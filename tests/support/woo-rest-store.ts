import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpsTestServer, createTestServer } from './test-server';
import { restOrder, type OrderOptions } from './woo-webhook';

type RestOrder = ReturnType<typeof restOrder>;

export interface RestStore {
  /** The store's home URL, with a trailing slash (what X-WC-Webhook-Source sends). */
  url: string;
  /** `host:port`, for SVC_OUTBOUND_ALLOW. */
  hostPort: string;
  /** Over https: the store's self-signed certificate (PEM file), for NODE_EXTRA_CA_CERTS. */
  certificateFile: string | null;
  consumerKey: string;
  consumerSecret: string;
  /** Adds or replaces an order (as WooCommerce saves one: date_modified_gmt is the caller's). */
  put(options: OrderOptions): RestOrder;
  /** Every request the hub made: path with query, headers, and the answer's status and error code. */
  requests: { path: string; headers: IncomingHttpHeaders; status: number; code: string | null }[];
  close(): Promise<void>;
}

export interface RestStoreOptions {
  /** Serve https (a certificate made for 127.0.0.1): Basic works, as WooCommerce's `is_ssl()` allows. */
  https?: boolean;
  /** The store's clock in ms (OAuth timestamps are checked against it); Date.now by default. */
  now?: () => number;
}

type Answer = { status: number; body: string; headers: Record<string, string> };
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body: JSON.stringify(body),
  headers,
});
const wooError = (code: string, message: string) => json(401, { code, message, data: { status: 401 } });
const authError = (message: string) => wooError('woocommerce_rest_authentication_error', message);

/** WooCommerce's `*_gmt` values have no zone; compared as UTC. */
const gmtTime = (value: string) => Date.parse(`${value}Z`);

/** PHP's rawurlencode (wc_rest_urlencode_rfc3986 adds nothing to it). */
const rawurlencode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** PHP's rawurldecode: a malformed escape stays as it is. */
const phpRawurldecode = (text: string) =>
  text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const OAUTH_PARAMETERS = ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method'];
const VALID_WINDOW_S = 15 * 60;

/** A certificate and key for 127.0.0.1, made with openssl in a temporary folder. */
function selfSignedCertificate(): { folder: string; certificateFile: string; key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'woo-rest-store-'));
  const certificateFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certificateFile,
  ]);
  return { folder, certificateFile, key: readFileSync(keyFile), cert: readFileSync(certificateFile) };
}

/**
 * A stand-in for a WooCommerce store's REST API v3 `GET /wp-json/wc/v3/orders` (docs/external/woocommerce.md:
 * the REST v3 order shape, money as decimal strings), in this process on 127.0.0.1, authenticating
 * as WooCommerce's `WC_REST_Authentication` does:
 * - over https (`is_ssl()`): the key pair as `consumer_key`/`consumer_secret` in the query, else as
 *   HTTP Basic; a known key with a wrong secret → 401 `woocommerce_rest_authentication_error`
 *   "Consumer secret is invalid.";
 * - otherwise (and over https when Basic did not authenticate) one-legged OAuth 1.0a in the query:
 *   some but not all five parameters → `woocommerce_rest_authentication_missing_parameter`; an
 *   unknown key, a signature that does not match (HMAC-SHA1 or -SHA256 over the method, the home
 *   URL with the route, the sorted double-encoded parameters; key = secret + `&`), a timestamp
 *   more than 15 minutes away, a nonce already used → 401 `woocommerce_rest_authentication_error`;
 * - no usable credentials at all (Basic or the key pair over http) → 401 `woocommerce_rest_cannot_view`.
 * Then `modified_after` (with `dates_are_gmt`, compared to date_modified_gmt), `orderby=modified`
 * ascending, `per_page` (1–100, default 10) and `page`, and the pagination headers X-WP-Total and
 * X-WP-TotalPages. Anything else is 404 `rest_no_route`.
 */
export async function startRestStore(consumerKey: string, consumerSecret: string, options: RestStoreOptions = {}): Promise<RestStore> {
  const orders = new Map<number, RestOrder>();
  const requests: RestStore['requests'] = [];
  const now = options.now ?? Date.now;
  /** The key's `nonces` column: one nonce per timestamp, as WooCommerce keeps them. */
  const usedNonces = new Map<number, string>();
  const certificate = options.https ? selfSignedCertificate() : null;
  let home = '';

  /** perform_basic_authentication: true, false (try OAuth next), or its error. */
  function basic(url: URL, authorization: string | undefined): boolean | Answer {
    let [key, secret] = [url.searchParams.get('consumer_key') ?? '', url.searchParams.get('consumer_secret') ?? ''];
    if (!key || !secret) [key, secret] = ['', ''];
    const match = /^Basic (.+)$/i.exec(authorization ?? '');
    if (!key && match) {
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) [key, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    }
    if (!key || !secret || key !== consumerKey) return false;
    return sameText(secret, consumerSecret) ? true : authError('Consumer secret is invalid.');
  }

  /** perform_oauth_authentication: true, false (no OAuth attempted), or its error. */
  function oauth(url: URL, method: string): boolean | Answer {
    const parameters = new Map(url.searchParams); // PHP's $_GET: decoded, the last of a repeated name
    const missing = OAUTH_PARAMETERS.filter((name) => !parameters.get(name) || parameters.get(name) === '0');
    if (missing.length === OAUTH_PARAMETERS.length) return false;
    if (missing.length > 0) {
      const message = `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
      return wooError('woocommerce_rest_authentication_missing_parameter', message);
    }
    if (parameters.get('oauth_consumer_key') !== consumerKey) return authError('Consumer key is invalid.');
    // check_oauth_signature: the route after the home path, on the home URL, with the request's scheme.
    const homePath = new URL(home).pathname;
    const route = url.pathname.startsWith(homePath) ? url.pathname.slice(homePath.length) : url.pathname;
    const base = rawurlencode(`${home}${route.replace(/^\//, '')}`);
    const given = phpRawurldecode(parameters.get('oauth_signature')!.replace(/ /g, '+'));
    parameters.delete('oauth_signature');
    const sorted = [...parameters].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const pairs = sorted.map(([name, value]) => rawurlencode(`${rawurlencode(name)}=${rawurlencode(value)}`));
    const stringToSign = `${method}&${base}&${pairs.join('%26')}`;
    const signatureMethod = parameters.get('oauth_signature_method');
    if (signatureMethod !== 'HMAC-SHA1' && signatureMethod !== 'HMAC-SHA256')
      return authError('Invalid signature - signature method is invalid.');
    const algorithm = signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256';
    const expected = createHmac(algorithm, `${consumerSecret}&`).update(stringToSign).digest('base64');
    if (!sameText(expected, given)) return authError('Invalid signature - provided signature does not match.');
    // check_oauth_timestamp_and_nonce
    const nowS = Math.floor(now() / 1000);
    const timestamp = Number(parameters.get('oauth_timestamp'));
    if (!(timestamp >= nowS - VALID_WINDOW_S && timestamp <= nowS + VALID_WINDOW_S)) return authError('Invalid timestamp.');
    const nonce = parameters.get('oauth_nonce')!;
    if ([...usedNonces.values()].includes(nonce)) return authError('Invalid nonce - nonce has already been used.');
    usedNonces.set(timestamp, nonce);
    for (const seen of usedNonces.keys()) if (seen < nowS - VALID_WINDOW_S) usedNonces.delete(seen);
    return true;
  }

  function authenticated(url: URL, request: IncomingMessage): true | Answer {
    const viaBasic = certificate ? basic(url, request.headers.authorization) : false;
    if (viaBasic === true) return true;
    // WooCommerce tries OAuth after a failed Basic too; an error Basic set stands (its WWW-Authenticate is lost
    // because the OAuth attempt changes the auth method before the answer is sent).
    const viaOAuth = oauth(url, request.method ?? 'GET');
    const result = typeof viaBasic === 'object' ? viaBasic : viaOAuth;
    if (result === true) return true;
    // Not authenticated and no error of its own: the orders controller's permission check answers.
    return result === false ? wooError('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.') : result;
  }

  function answer(request: IncomingMessage): Answer {
    const url = new URL(request.url ?? '/', home);
    if (request.method !== 'GET' || url.pathname !== `${new URL(home).pathname}wp-json/wc/v3/orders`)
      return json(404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    const authentication = authenticated(url, request);
    if (authentication !== true) return authentication;
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

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const reply = answer(request);
    const code = reply.status === 200 ? null : ((JSON.parse(reply.body) as { code: string }).code ?? null);
    requests.push({ path: request.url ?? '', headers: request.headers, status: reply.status, code });
    // PHP's json_encode escapes "/" as "\/", as WordPress sends it.
    response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8', ...reply.headers });
    response.end(reply.body.replace(/\//g, '\\/'));
  };
  const server: Server = certificate
    ? createHttpsTestServer({ key: certificate.key, cert: certificate.cert }, listener)
    : createTestServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  home = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}/`;
  return {
    url: home,
    hostPort: `127.0.0.1:${port}`,
    certificateFile: certificate?.certificateFile ?? null,
    consumerKey,
    consumerSecret,
    requests,
    put(orderOptions) {
      const order = restOrder(orderOptions);
      orders.set(order.id, order);
      return order;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          if (certificate) rmSync(certificate.folder, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
