import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { createServices } from '../services';
import { ApiError } from '../support/api-error';
import { createLogger } from '../support/logger';
import { productVersion } from '../support/version';
import { parseArguments, UsageError } from './arguments';
import { budgetCommand } from './budget-commands';
import { aiCommand, creditCommand } from './credit-commands';
import { entitlementCommand } from './entitlement-commands';
import { cliEnvironment } from './environment';
import { keyCommand } from './key-commands';
import { libraryCommand, librarySyncCommand } from './library-commands';
import { orderCommand } from './order-commands';
import { packageCommand } from './package-commands';
import { priceCommand } from './price-commands';
import { providerCommand, purposeCommand } from './router-commands';
import { storeCommand } from './store-commands';
import { cacheCommand } from './cache-commands';
import { customerCommand, reportCommand } from './customer-commands';
import { licenseCommand } from './license-commands';
import { releaseCommand } from './release-commands';

const USAGE = `svc-hub operator CLI — svc-hub-worker <command> (on a server); npm run hub -- <command> (in a checkout)

  key create --site URL --team T [--scope client|admin] [--name N] [--rate-limit N] [--concurrency N] [--endpoint URL]
  key list
  key revoke KEY_ID
  key rotate-secret KEY_ID
  key rate-limit KEY_ID REQUESTS_PER_MINUTE
  key concurrency KEY_ID CALLS_AT_ONCE
  entitlement grant --site URL --features a,b [--expires DATE] [--reason R]
  entitlement set --site URL [--entitlement-id ID | --package P] --status S --reason R
  entitlement list --site URL
  provider set NAME --api-key K [--base-url U] [--enabled on|off]
  provider list
  provider remove NAME
  provider pool set NAME ID [--api-key K] [--base-url U] [--weight W]
  provider pool remove NAME ID
  provider pool list NAME
  cache set purpose|key TARGET --ttl SECONDS [--scope key|team|global] [--any-temperature on|off] [--enabled on|off]
  cache remove purpose|key TARGET
  cache list
  purpose set NAME model[,model…] [--description D]
  purpose list
  price set MODEL --input USD_PER_MTOK --output USD_PER_MTOK [--cache-read USD_PER_MTOK] [--cache-write USD_PER_MTOK]
  price default PROVIDER --input USD_PER_MTOK --output USD_PER_MTOK [--cache-read USD_PER_MTOK] [--cache-write USD_PER_MTOK]
  price clear-default PROVIDER
  price sync PROVIDER                     (loads openrouter's published prices)
  budget set --key KEY_ID|--team T --site URL|--site URL|--customer CUSTOMER_ID --amount USD --period day|month|total [--soft] [--alert-url URL]
  budget list
  budget remove BUDGET_ID
  license list
  license show LICENCE_ID
  license deactivate ACTIVATION_ID
  license staging-pattern CUSTOMER_ID PATTERN
  license public-key
  release upload --package ID --slug SLUG --version VERSION [--type plugin|theme] [--channel stable|beta] [--changelog-file F] [--requires-wp V] [--requires-php V] [--tested-wp V] [--renewal-url URL] FILE.zip
  release list
  release rollback --slug SLUG --version VERSION [--type plugin|theme]
  customer list
  customer show CUSTOMER_ID
  customer assign SITE_URL CUSTOMER_ID
  report spend [--by customer,site,team,campaign,model] [--period day|month|total] [--from DATE] [--to DATE] [--customer CUSTOMER_ID] [--csv]
  package create --id ID --name N --price 49.00 --currency EUR --features a,b
                 [--duration-days D] [--sites N] [--woo-product P] [--store URL] [--description D]
  package update --id ID … (every field again)
                 AI: [--kind standard|credit] [--credit-amount USD] [--credit-scope site|customer]
                     [--allowance USD] [--allowance-period month|year|term|total] [--overage stop|bill] [--overage-cap USD] [--markup PERCENT]
  package list
  credits show SITE_URL|CUSTOMER_ID
  credits adjust SITE_URL|CUSTOMER_ID ±USD --reason R
  ai statement [--site URL] [--format csv|json]
  ai markup SITE_URL PERCENT|clear
  ai alert-url SITE_URL URL|clear
  package archive|activate PACKAGE_ID
  order list [--site URL] [--status S] [--limit N]
  order show ORDER_ID
  store add --source STORE_URL --secret S
  store list
  store rotate STORE_ID|STORE_URL --secret S
  store remove STORE_ID|STORE_URL
  store reconcile --source STORE_URL [--since DATE]
  library import FILE|FOLDER
  library export [--out FILE]
  library load-starter
  library status
  library archive|restore|delete ITEM_ID
  library sync --from SITE --dir DIR      (a client of a remote hub: needs no database)
  migrate`;

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const params = error.data.params as Record<string, string> | undefined;
    const omitted = Number(error.data.params_omitted ?? 0);
    const more = omitted > 0 ? `; and ${omitted} more` : '';
    return params
      ? Object.entries(params)
          .map(([name, problem]) => `${name} ${problem}`)
          .join('; ') + more
      : error.message;
  }
  if (error instanceof UsageError || error instanceof ConfigError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ER_ACCESS_DENIED_ERROR')
    return `cannot reach the database (${code}): check SVC_DB_* in ${process.env.SVC_ENV_FILE ?? 'the environment file'} and that MariaDB runs (in a checkout: npm start)`;
  return error instanceof Error ? error.message : String(error);
}

/** Runs one command; non-zero exit with a one-line reason on bad input. */
async function run(argv: string[]): Promise<number> {
  const parsed = parseArguments(argv);
  const [area, action] = parsed.positionals;
  if (!area || area === 'help' || parsed.flags.has('help')) {
    process.stdout.write(`${USAGE}\n`);
    return area ? 0 : 2;
  }
  const print = (line: string) => process.stdout.write(`${line}\n`);
  if (area === 'library' && action === 'sync') {
    await librarySyncCommand(parsed, print, productVersion());
    return 0;
  }
  const commands = {
    key: keyCommand,
    entitlement: entitlementCommand,
    provider: providerCommand,
    purpose: purposeCommand,
    price: priceCommand,
    package: packageCommand,
    order: orderCommand,
    cache: cacheCommand,
    store: storeCommand,
    library: libraryCommand,
    budget: budgetCommand,
    customer: customerCommand,
    license: licenseCommand,
    release: releaseCommand,
    report: reportCommand,
    credits: creditCommand,
    ai: aiCommand,
  };
  if (!(area in commands) && area !== 'migrate')
    throw new UsageError(`Unknown command "${area}". Run: svc-hub-worker help (in a checkout: npm run hub -- help)`);
  const config = loadConfig(cliEnvironment(), productVersion());
  const services = createServices(config, createLogger('warn'));
  try {
    await migrate(services.database, services.logger);
    if (area === 'migrate') print('Database schema is up to date.');
    else await commands[area as keyof typeof commands](services, action, parsed, print);
  } finally {
    await services.pending.flush();
    await services.database.close();
  }
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${reasonOf(error)}\n`);
    process.exit(error instanceof UsageError || error instanceof ApiError || error instanceof ConfigError ? 2 : 1);
  },
);
