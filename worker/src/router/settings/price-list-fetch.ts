import { request } from 'undici';
import { ApiError } from '../../support/api-error';
import { OutboundRefusedError, pinnedAgent, type OutboundGuard } from '../../support/outbound-guard';

/** A price list is a few hundred KB (OpenRouter's, 2026); far more is not one. */
const MOST_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

/** The price list could not be read: `502 svc_upstream_error` naming the provider and why; nothing was stored. */
export function priceListFailed(provider: string, why: string): ApiError {
  return new ApiError(502, 'svc_upstream_error', `The price list of ${provider} could not be used: ${why}. No price was changed.`, {
    provider,
  });
}

/**
 * GETs a provider's price list (JSON) through the outbound guard (SVC_OUTBOUND_ALLOW lists a
 * private host; the answer's address is pinned), with no key: the lists are public.
 */
export async function fetchPriceList(guard: OutboundGuard, provider: string, url: string, userAgent: string): Promise<unknown> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let agent: ReturnType<typeof pinnedAgent> | undefined;
  try {
    const target = await guard.check(url);
    agent = pinnedAgent(target, TIMEOUT_MS);
    const response = await request(target.url, {
      method: 'GET',
      dispatcher: agent,
      signal,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      headers: { accept: 'application/json', 'user-agent': userAgent },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MOST_BYTES) throw priceListFailed(provider, `the answer is over ${MOST_BYTES} bytes`);
      chunks.push(chunk);
    }
    if (response.statusCode !== 200) throw priceListFailed(provider, `${url} answered HTTP ${response.statusCode}`);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      throw priceListFailed(provider, 'the answer is not JSON');
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof OutboundRefusedError) throw priceListFailed(provider, `the outbound guard refused ${url} (${error.message})`);
    if (signal.aborted) throw priceListFailed(provider, `no answer within ${TIMEOUT_MS} ms`);
    const code = (error as { code?: string }).code;
    throw priceListFailed(provider, `${url} could not be reached${code ? ` (${code})` : ''}`);
  } finally {
    agent?.destroy().catch(() => undefined);
  }
}
