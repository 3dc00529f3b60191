import { request } from 'undici';
import { hostPortOf } from '../../support/outbound-allow';
import { OutboundRefusedError, pinnedAgent, type OutboundGuard } from '../../support/outbound-guard';
import { newNonce, signUrl } from './oauth1-signature';
import type { RestCredentials } from './rest-credentials';

/** One page of `GET wc/v3/orders`: the orders as sent, and the pagination headers. */
export interface OrdersPage {
  orders: unknown[];
  total: number;
  totalPages: number;
}

export interface OrdersQuery {
  modifiedAfter: Date;
  page: number;
  perPage: number;
}

/** Why a page could not be read; the message never holds a credential. */
export class StoreRestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreRestError';
  }
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

async function readBody(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new StoreRestError(`the answer is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** WooCommerce's own error message (`{code, message}`), one line, when the answer is one: "Invalid timestamp." says more than 401. */
function storeMessage(body: Buffer): string {
  try {
    const error = JSON.parse(body.toString('utf8')) as { code?: unknown; message?: unknown };
    if (typeof error.code !== 'string' || typeof error.message !== 'string') return '';
    return `; the store said ${error.code}: ${error.message.replace(/\s+/g, ' ').slice(0, 200)}`;
  } catch {
    return '';
  }
}

function describeStatus(status: number, body: Buffer): string {
  if (status === 401 || status === 403)
    return `the store refused the REST credentials (HTTP ${status}): check the consumer key and secret, that the key may read orders and, over http, this server's clock${storeMessage(body)}`;
  if (status === 404) return 'the store has no wc/v3/orders route (HTTP 404): is WooCommerce active and are pretty permalinks on?';
  if (status >= 300 && status < 400)
    return `the store answered HTTP ${status} (redirects are not followed): register the store's home URL as WooCommerce sends it`;
  return `the store answered HTTP ${status}`;
}

/**
 * The URL and headers that authenticate a request as WooCommerce wants it (docs/commerce.md,
 * "Reconcile"): over https the key pair as HTTP Basic; over http WooCommerce refuses Basic, so
 * the request is signed with one-legged OAuth 1.0a, HMAC-SHA256, in the query string.
 */
function authenticate(url: URL, credentials: RestCredentials, nowMs: number): { url: URL; headers: Record<string, string> } {
  if (url.protocol === 'https:') {
    const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
    return { url, headers: { authorization: `Basic ${basic}` } };
  }
  const timestamp = Math.floor(nowMs / 1000);
  return { url: signUrl('GET', url, { ...credentials, timestamp, nonce: newNonce() }), headers: {} };
}

/**
 * Reads a store's orders through WooCommerce's REST API v3 (docs/external/woocommerce.md): the
 * consumer key and secret as Basic over https; plain http only to a target SVC_OUTBOUND_ALLOW
 * lists (a store on the LAN, the tests' stand-in), signed with OAuth 1.0a so the secret never
 * travels (docs/commerce.md, "Reconcile"). Every call goes through
 * the outbound guard (public addresses, pinned), is bounded by `timeoutMs`, follows no
 * redirect and reads at most 16 MiB.
 */
export class WooOrdersClient {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly allow: string[],
    private readonly options: { timeoutMs: number; userAgent: string; now?: () => number },
  ) {}

  async page(storeUrl: string, credentials: RestCredentials, query: OrdersQuery): Promise<OrdersPage> {
    const url = new URL('wp-json/wc/v3/orders', storeUrl);
    url.search = new URLSearchParams({
      modified_after: query.modifiedAfter.toISOString().slice(0, 19),
      dates_are_gmt: 'true',
      orderby: 'modified',
      order: 'asc',
      per_page: String(query.perPage),
      page: String(query.page),
    }).toString();
    if (url.protocol !== 'https:' && !this.allow.includes(hostPortOf(url))) {
      throw new StoreRestError(
        `REST credentials are sent over https only; ${url.origin} is http (SVC_OUTBOUND_ALLOW may list a store on the LAN)`,
      );
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let agent: ReturnType<typeof pinnedAgent> | undefined;
    try {
      const signed = authenticate(url, credentials, (this.options.now ?? Date.now)());
      const target = await this.guard.check(signed.url.toString());
      agent = pinnedAgent(target, this.options.timeoutMs);
      const response = await request(target.url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        headers: { accept: 'application/json', ...signed.headers, 'user-agent': this.options.userAgent },
      });
      const body = await readBody(response.body as AsyncIterable<Buffer>);
      if (response.statusCode !== 200) throw new StoreRestError(describeStatus(response.statusCode, body));
      let orders: unknown;
      try {
        orders = JSON.parse(body.toString('utf8'));
      } catch {
        throw new StoreRestError("the answer is not JSON (is the URL the store's home URL?)");
      }
      if (!Array.isArray(orders)) throw new StoreRestError('the answer is not a list of orders');
      const header = (name: string) => Number(response.headers[name] ?? NaN);
      const total = header('x-wp-total');
      const totalPages = header('x-wp-totalpages');
      return {
        orders,
        total: Number.isFinite(total) ? total : orders.length,
        totalPages: Number.isFinite(totalPages) ? totalPages : query.page,
      };
    } catch (error) {
      if (error instanceof StoreRestError) throw error;
      if (signal.aborted) throw new StoreRestError(`no answer within ${this.options.timeoutMs} ms`);
      if (error instanceof OutboundRefusedError) throw new StoreRestError(`refused: ${error.message}`);
      const code = (error as { code?: string }).code;
      throw new StoreRestError(
        `could not reach the store${code ? ` (${code})` : ''}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
      );
    } finally {
      agent?.destroy().catch(() => undefined);
    }
  }
}
