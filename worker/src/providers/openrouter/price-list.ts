/**
 * OpenRouter's model list as prices (docs/external/llm-providers.md "OpenRouter: the model list
 * and `usage.cost`"): `GET /models` → `{data: [{id, pricing: {prompt, completion,
 * input_cache_read?, input_cache_write?}}]}`, USD per token as decimal strings, turned into USD
 * per million tokens (the string's point moved six places, so "0.00000015" is exactly "0.15").
 */
import { isObject } from '../shared/schema';
import type { ListedPrices, PriceListSource } from '../types';

/** Plain decimals, a sign allowed (OpenRouter lists "-1" for a router whose price varies per call). */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** A model id as OpenRouter spells them (`openai/gpt-4o-mini`, `mistralai/mistral-7b-instruct:free`, `~anthropic/claude-latest`). */
const MODEL_ID = /^[A-Za-z0-9~][\w.:~+/-]{0,179}$/;
/** Above this per million tokens a listed price is taken for a mistake (the dearest listed models cost hundreds). */
const MOST_PER_MTOK = 10_000;

export class PriceListError extends Error {}

/** USD per token (a decimal string) → USD per million tokens with at most 6 decimals (half up), as a decimal string. */
export function perMillionTokens(perToken: string): string | null {
  const match = DECIMAL.exec(perToken);
  if (!match || match[1] === '-') return null;
  const fraction = (match[3] ?? '').padEnd(13, '0');
  // 10⁻¹² USD per token is 10⁻⁶ USD per million tokens: twelve fraction digits kept, the thirteenth rounds.
  const units = BigInt(match[2]!) * 1_000_000_000_000n + BigInt(fraction.slice(0, 12)) + (Number(fraction[12]) >= 5 ? 1n : 0n);
  return `${units / 1_000_000n}.${String(units % 1_000_000n).padStart(6, '0')}`;
}

/**
 * The priced models of a list, and the entries refused with why (a variable or absurd price, an
 * id the hub cannot name). A list that is not OpenRouter's shape throws PriceListError naming
 * what is wrong, so nothing is stored from it.
 */
export function parseOpenRouterPriceList(body: unknown): ListedPrices {
  if (!isObject(body) || !Array.isArray(body.data)) throw new PriceListError('the answer has no "data" list of models');
  if (body.data.length === 0) throw new PriceListError('the list of models is empty');
  const listed: ListedPrices = { prices: [], refused: [] };
  body.data.forEach((entry: unknown, index) => {
    if (!isObject(entry) || typeof entry.id !== 'string') throw new PriceListError(`data[${index}] has no model id`);
    const pricing = entry.pricing;
    if (!isObject(pricing) || typeof pricing.prompt !== 'string' || typeof pricing.completion !== 'string')
      throw new PriceListError(`data[${index}] (${entry.id}) has no pricing.prompt and pricing.completion strings`);
    const fields = {
      prompt: pricing.prompt,
      completion: pricing.completion,
      read: pricing.input_cache_read,
      write: pricing.input_cache_write,
    };
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined && (typeof value !== 'string' || !DECIMAL.test(value)))
        throw new PriceListError(`data[${index}] (${entry.id}) has a price that is not a decimal: ${name} ${JSON.stringify(value)}`);
    const refuse = (reason: string) => listed.refused.push({ model: entry.id as string, reason });
    if (!MODEL_ID.test(entry.id)) return refuse('an id the hub cannot name');
    const optional = (value: unknown) => (value === undefined ? undefined : perMillionTokens(value as string));
    const [input, output, read, write] = [
      perMillionTokens(fields.prompt),
      perMillionTokens(fields.completion),
      optional(fields.read),
      optional(fields.write),
    ];
    if (input === null || output === null || read === null || write === null)
      return refuse('a negative price (OpenRouter lists -1 where the price varies per call)');
    if ([input, output, read, write].some((price) => price !== undefined && Number(price) > MOST_PER_MTOK))
      return refuse(`a price over ${MOST_PER_MTOK} USD per million tokens`);
    listed.prices.push({
      model: entry.id,
      inputPerMtok: input,
      outputPerMtok: output,
      cacheReadPerMtok: read ?? null,
      cacheWritePerMtok: write ?? null,
    });
  });
  return listed;
}

/** Where the list is and how it reads. */
export const OPENROUTER_PRICE_LIST: PriceListSource = { path: '/models', parse: parseOpenRouterPriceList };
