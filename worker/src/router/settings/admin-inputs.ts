import { ApiError } from '../../support/api-error';
import { readDecimal, type DecimalRule } from '../../support/number-input';
import type { PriceOverride } from '../catalog/prices';
import type { ProviderChange } from './provider-rows';
import { describeProvider, isOfflineProvider } from '../../providers/registry';

type Raw = Record<string, unknown>;

/** `{api_key?, base_url?, enabled?}`; `api_key: null` removes a stored key. */
export function parseProviderChange(name: string, raw: Raw): ProviderChange {
  const params: Record<string, string> = {};
  const change: ProviderChange = {};
  if (raw.api_key !== undefined) {
    if (raw.api_key !== null && (typeof raw.api_key !== 'string' || raw.api_key.trim().length < 4 || raw.api_key.length > 500))
      params.api_key = 'must be a key of 4 to 500 characters, or null to remove it';
    else change.apiKey = raw.api_key === null ? null : raw.api_key.trim();
  }
  if (raw.base_url !== undefined) {
    let ok = raw.base_url === null;
    if (typeof raw.base_url === 'string') {
      try {
        ok = ['http:', 'https:'].includes(new URL(raw.base_url).protocol);
      } catch {
        ok = false;
      }
    }
    if (!ok) params.base_url = 'must be an absolute http(s) URL, or null';
    else change.baseUrl = raw.base_url as string | null;
  }
  if (raw.enabled !== undefined) {
    if (typeof raw.enabled !== 'boolean') params.enabled = 'must be true or false';
    else change.enabled = raw.enabled;
  }
  const descriptor = describeProvider(name);
  if (descriptor && isOfflineProvider(descriptor) && (change.apiKey || change.baseUrl))
    params.api_key = `${name} takes no key or base URL; only enabled`;
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return change;
}

/** USD per million tokens as `{prefix}svc_model_prices` stores it: DECIMAL(12,6), 0 for a free model. */
export const PRICE_PER_MTOK: DecimalRule = { integerDigits: 6, scale: 6, zero: true, example: '0.15' };

/**
 * `{input_per_mtok, output_per_mtok, cache_read_per_mtok?, cache_write_per_mtok?, currency?}`:
 * USD per million tokens, JSON numbers or plain decimal strings (support/number-input.ts).
 */
export function parsePrice(raw: Raw): PriceOverride {
  const params: Record<string, string> = {};
  const amount = (name: string) => {
    const reading = readDecimal(raw[name], PRICE_PER_MTOK);
    if (reading.problem !== undefined) {
      params[name] = reading.problem;
      return 0;
    }
    return Number(reading.value);
  };
  /** Cache prices are optional: absent, null or '' keeps the shipped cache price. */
  const optional = (name: string) => (raw[name] === undefined || raw[name] === null || raw[name] === '' ? null : amount(name));
  const price = {
    inputPerMtok: amount('input_per_mtok'),
    outputPerMtok: amount('output_per_mtok'),
    cacheReadPerMtok: optional('cache_read_per_mtok'),
    cacheWritePerMtok: optional('cache_write_per_mtok'),
    currency: 'USD',
  };
  if (raw.currency !== undefined && raw.currency !== 'USD') params.currency = 'only USD is supported';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return price;
}
