import { parsePackage } from '../commerce/package-inputs';
import { packageWarnings } from '../commerce/package-warnings';
import type { PackageRecord } from '../commerce/packages';
import type { CommerceServices } from '../commerce/commerce-services';
import { ApiError } from '../support/api-error';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
const PACKAGE_FLAGS = ['id', 'name', 'description', 'price', 'currency', 'features', 'duration-days', 'woo-product', 'store'];

function describe(record: PackageRecord): string {
  const duration = record.durationDays === null ? 'no expiry' : `${record.durationDays} days`;
  const where = record.store ?? 'this site';
  return [
    record.packageId,
    record.status,
    `${record.price.amount} ${record.price.currency}`,
    record.features.join(','),
    duration,
    `product ${record.wooProductId ?? '-'} at ${where}`,
    record.name,
  ].join('\t');
}

/** `package create|list|archive|activate`. */
export async function packageCommand(
  services: { commerce: Pick<CommerceServices, 'packages' | 'wooCommerce'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { packages } = services.commerce;
  switch (action) {
    case 'create': {
      const flags = takeFlags(parsed, PACKAGE_FLAGS, ['id', 'name', 'price', 'currency', 'features']);
      const record = await packages.create(
        parsePackage({
          package_id: flags.id,
          name: flags.name,
          description: flags.description,
          price: { amount: flags.price, currency: flags.currency },
          features: list(flags.features),
          duration_days: flags['duration-days'],
          woo_product_id: flags['woo-product'],
          store: flags.store,
        }),
      );
      print(`Created package ${record.packageId}: ${record.price.amount} ${record.price.currency}, ${record.features.join(', ')}.`);
      for (const warning of await packageWarnings(record, services.commerce.wooCommerce))
        print(`Warning (${warning.field}): ${warning.message}`);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      for (const record of await packages.list()) print(describe(record));
      return;
    }
    case 'archive':
    case 'activate': {
      takeFlags(parsed, []);
      const id = parsed.positionals[2];
      if (!id) throw new UsageError(`Usage: package ${action} PACKAGE_ID`);
      const record = await packages.setStatus(id, action === 'archive' ? 'archived' : 'active');
      if (!record) throw ApiError.notFound(`No package has the id "${id}".`);
      print(`Package ${record.packageId} is ${record.status}.`);
      return;
    }
    default:
      throw new UsageError('Usage: package create|list|archive|activate …');
  }
}
