import { storeHealth } from '../commerce/store-health';
import type { StoreRecord } from '../commerce/stores';
import type { CommerceServices } from '../commerce/commerce-services';
import type { Services } from '../services';
import { ApiError } from '../support/api-error';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';
import { storeReconcileCommand } from './store-reconcile-command';

type Print = (line: string) => void;

const describe = (store: StoreRecord, warnFailures: number) =>
  [
    store.id,
    store.sourceUrl,
    `secret …${store.secretLast4}`,
    store.updatedAt.toISOString(),
    store.restKeyLast4 === null ? 'no REST credentials' : `REST key …${store.restKeyLast4}`,
    `deliveries ${storeHealth(store, warnFailures).status}${store.verification.failuresInRow > 0 ? ` (${store.verification.failuresInRow} failed in a row)` : ''}`,
  ].join('\t');

/**
 * `store add --source URL --secret S`, `store list`, `store rotate STORE --secret S`,
 * `store remove STORE` (STORE: its id or source URL), `store reconcile --source URL [--since
 * DATE]` (store-reconcile-command.ts). The secret is stored encrypted exactly
 * as given and never printed; only its last 4 characters are.
 */
export async function storeCommand(
  services: Pick<Services, 'config'> & { commerce: Pick<CommerceServices, 'webhooks' | 'reconcile'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { stores } = services.commerce.webhooks;
  const target = parsed.positionals[2];
  switch (action) {
    case 'add': {
      const flags = takeFlags(parsed, ['source', 'secret'], ['source', 'secret']);
      const store = await stores.add({ source_url: flags.source, secret: flags.secret });
      print(`Added store ${store.id} for ${store.sourceUrl} (secret …${store.secretLast4}).`);
      print(`Webhook delivery URL: ${services.config.publicUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      for (const store of await stores.list()) print(describe(store, services.config.stores.warnFailures));
      return;
    }
    case 'rotate': {
      const flags = takeFlags(parsed, ['secret'], ['secret']);
      if (!target) throw new UsageError('Usage: store rotate STORE_ID|SOURCE_URL --secret S');
      const found = await stores.find(target);
      const store = found && (await stores.rotate(found.id, { secret: flags.secret }));
      if (!store) throw ApiError.notFound(`No store is "${target}".`);
      print(`Changed the secret of ${store.sourceUrl} (secret …${store.secretLast4}).`);
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      if (!target) throw new UsageError('Usage: store remove STORE_ID|SOURCE_URL');
      const store = await stores.remove(target);
      if (!store) throw ApiError.notFound(`No store is "${target}".`);
      print(`Removed store ${store.id} (${store.sourceUrl}); its webhooks are now refused.`);
      return;
    }
    case 'reconcile':
      return storeReconcileCommand(services, parsed, print);
    default:
      throw new UsageError('Usage: store add|list|rotate|remove|reconcile …');
  }
}
