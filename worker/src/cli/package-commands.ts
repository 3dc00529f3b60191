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
const AI_FLAGS = ['kind', 'credit-amount', 'credit-scope', 'allowance', 'allowance-period', 'overage', 'overage-cap', 'markup'];
const PACKAGE_FLAGS = [
  'id',
  'name',
  'description',
  'price',
  'currency',
  'features',
  'duration-days',
  'sites',
  'woo-product',
  'store',
  ...AI_FLAGS,
];

type Flags = Record<string, string | undefined>;

/** The package's fields from the flags (AI terms: docs/commerce.md "AI allowances and credits"). */
function packageFields(flags: Flags) {
  return {
    package_id: flags.id,
    name: flags.name,
    description: flags.description,
    price: { amount: flags.price, currency: flags.currency },
    features: list(flags.features),
    duration_days: flags['duration-days'],
    sites: flags.sites,
    woo_product_id: flags['woo-product'],
    store: flags.store,
    kind: flags.kind,
    credit_amount: flags['credit-amount'],
    credit_scope: flags['credit-scope'],
    ai_allowance: flags.allowance === undefined ? undefined : { amount: flags.allowance, period: flags['allowance-period'] ?? 'month' },
    overage: flags.overage === undefined ? undefined : { mode: flags.overage, cap: flags['overage-cap'] },
    markup_percent: flags.markup,
  };
}

/** What a package adds to AI spend, for `package list`. */
function aiSummary(record: PackageRecord): string {
  const parts: string[] = [];
  if (record.kind === 'credit') parts.push(`credit ${record.creditAmount} USD to the ${record.creditScope}`);
  if (record.aiAllowance) parts.push(`allowance ${record.aiAllowance.amount} USD/${record.aiAllowance.period}`);
  if (record.overage?.mode === 'bill') parts.push(`overage billed up to ${record.overage.cap} USD`);
  if (record.markupPercent !== null) parts.push(`markup ${record.markupPercent} %`);
  return parts.join(', ') || 'no AI terms';
}

function describe(record: PackageRecord): string {
  const duration = record.durationDays === null ? 'no expiry' : `${record.durationDays} days`;
  const where = record.store ?? 'this site';
  return [
    record.packageId,
    record.status,
    `${record.price.amount} ${record.price.currency}`,
    record.features.join(','),
    duration,
    record.sites === null ? 'unlimited sites' : `${record.sites} sites`,
    `product ${record.wooProductId ?? '-'} at ${where}`,
    aiSummary(record),
    record.name,
  ].join('\t');
}

/** `package create|update|list|archive|activate`. */
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
      const record = await packages.create(parsePackage(packageFields(flags)));
      print(
        `Created package ${record.packageId}: ${record.price.amount} ${record.price.currency}, ${record.features.join(', ')}; ${aiSummary(record)}.`,
      );
      for (const warning of await packageWarnings(record, services.commerce.wooCommerce))
        print(`Warning (${warning.field}): ${warning.message}`);
      return;
    }
    case 'update': {
      // Every field is given again, as the admin route's PUT: what is left out is cleared.
      const flags = takeFlags(parsed, PACKAGE_FLAGS, ['id', 'name', 'price', 'currency', 'features']);
      const record = await packages.update(parsePackage(packageFields(flags)));
      if (!record) throw ApiError.notFound(`No package has the id "${flags.id}".`);
      print(`Updated package ${record.packageId}: ${record.price.amount} ${record.price.currency}; ${aiSummary(record)}.`);
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
      throw new UsageError('Usage: package create|update|list|archive|activate …');
  }
}
