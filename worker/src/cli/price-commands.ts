import { findModel } from '../router/catalog/models';
import type { Price } from '../router/usage/cost';
import type { RouterServices } from '../router/router-services';
import { parsePrice } from '../router/settings/admin-inputs';
import { defaultPricedProvider } from '../router/settings/default-prices';
import { syncPrices } from '../router/settings/price-sync';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const USAGE = `Usage:
  price set MODEL --input USD_PER_MTOK --output USD_PER_MTOK [--cache-read USD_PER_MTOK] [--cache-write USD_PER_MTOK]
  price default PROVIDER --input USD_PER_MTOK --output USD_PER_MTOK [--cache-read USD_PER_MTOK] [--cache-write USD_PER_MTOK]
  price clear-default PROVIDER
  price sync PROVIDER`;

const PRICE_FLAGS = ['input', 'output', 'cache-read', 'cache-write'];

const describe = (price: Price | null) =>
  price
    ? `${price.inputPerMtok} in / ${price.outputPerMtok} out / ${price.cacheReadPerMtok} cache read / ${price.cacheWritePerMtok} cache write per million tokens (USD)`
    : 'unpriced';

/** The flags as the admin route's body, so both parse (and refuse) alike. */
function priceFrom(parsed: ParsedArguments) {
  const flags = takeFlags(parsed, PRICE_FLAGS, ['input', 'output']);
  return parsePrice({
    input_per_mtok: flags.input,
    output_per_mtok: flags.output,
    cache_read_per_mtok: flags['cache-read'],
    cache_write_per_mtok: flags['cache-write'],
  });
}

/**
 * `price set|default|clear-default|sync` (docs/api-notes.md "Unpriced models", "Price sync"):
 * a model's price, a provider's default price for the models the catalog does not price, and
 * loading a provider's published prices.
 */
export async function priceCommand(
  services: { router: Pick<RouterServices, 'prices' | 'providers' | 'config'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { prices } = services.router;
  const target = parsed.positionals[2];
  if (action === 'set') {
    if (!target || !findModel(target)) throw new UsageError(`Unknown model "${target ?? ''}".`);
    await prices.set(target, priceFrom(parsed));
    print(`${target}: ${describe(await prices.priceFor(target))}.`);
  } else if (action === 'default' && target) {
    const provider = defaultPricedProvider(target);
    await prices.providers.set(provider, priceFrom(parsed));
    print(`${provider} default: ${describe(await prices.defaultPriceFor(provider))}.`);
  } else if (action === 'clear-default' && target) {
    takeFlags(parsed, []);
    const provider = defaultPricedProvider(target);
    const removed = await prices.providers.clear(provider);
    print(`${provider} default ${removed ? 'cleared' : 'was not set'}; now ${describe(await prices.defaultPriceFor(provider))}.`);
  } else if (action === 'sync' && target) {
    takeFlags(parsed, []);
    const summary = await syncPrices(services.router, target, print);
    for (const refused of summary.refused.slice(0, 20)) print(`  refused ${target}/${refused.model}: ${refused.reason}`);
    if (summary.refused.length > 20) print(`  … and ${summary.refused.length - 20} more refused`);
    print(
      `${target}: ${summary.added} added, ${summary.changed} changed, ${summary.unchanged} unchanged, ${summary.kept} kept (set by the admin), ${summary.refused.length} refused.`,
    );
  } else throw new UsageError(USAGE);
}
