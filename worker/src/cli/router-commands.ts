import { KNOWN_PROVIDERS } from '../router/catalog/models';
import { saveProviderChange } from '../router/settings/provider-settings';
import { validatePurpose } from '../router/catalog/purposes';
import type { RouterServices } from '../router/router-services';
import type { Services } from '../services';
import { ApiError } from '../support/api-error';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';
import { poolCommand } from './pool-commands';

type Print = (line: string) => void;

/** `provider set|list|remove`: keys are stored encrypted and never printed (last 4 only). */
export async function providerCommand(
  services: Pick<Services, 'router'>,
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { router } = services;
  const name = parsed.positionals[2];
  switch (action) {
    case 'pool':
      return poolCommand(services, parsed, print);
    case 'set': {
      const flags = takeFlags(parsed, ['api-key', 'base-url', 'enabled']);
      if (!name || !KNOWN_PROVIDERS.includes(name))
        throw new UsageError(`Usage: provider set NAME --api-key K [--base-url U]; NAME is one of ${KNOWN_PROVIDERS.join(', ')}.`);
      const enabled = flags.enabled === undefined ? undefined : flags.enabled === 'on' ? true : flags.enabled === 'off' ? false : 'bad';
      if (enabled === 'bad') throw new UsageError('--enabled takes on or off.');
      const status = await saveProviderChange(router, name, { api_key: flags['api-key'], base_url: flags['base-url'], enabled }).catch(
        (error: unknown) => {
          throw inFlagTerms(error, name);
        },
      );
      print(
        `${name}: ${status.configured ? 'configured' : 'not configured'}${status.key_last4 ? `, key …${status.key_last4}` : ''}${status.base_url ? `, ${status.base_url}` : ''}.`,
      );
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      if (!name) throw new UsageError('Usage: provider remove NAME');
      print((await router.providerStore.remove(name)) ? `Removed the stored settings of ${name}.` : `${name} had no stored settings.`);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      for (const status of await router.providers.statuses()) {
        print(
          [
            status.name,
            status.configured ? 'configured' : '-',
            status.source,
            status.key_last4 ? `…${status.key_last4}` : '',
            status.base_url ?? '',
          ].join('\t'),
        );
      }
      return;
    }
    default:
      throw new UsageError('Usage: provider set|list|remove|pool …');
  }
}

/** A refused provider change in the CLI's words: flags instead of fields, `provider remove` instead of `api_key: null`. */
function inFlagTerms(error: unknown, name: string): unknown {
  const params = error instanceof ApiError ? (error.data.params as Record<string, string> | undefined) : undefined;
  if (!params) return error;
  const reasons = Object.entries(params).map(([field, problem]) =>
    field === 'api_key' && problem.startsWith('is required')
      ? `--api-key is required with a new --base-url while a key is stored (a stored key is never sent to another host); give the key for the new base URL, or run \`provider remove ${name}\` first`
      : `--${field.replace('_', '-')} ${problem}`,
  );
  return new UsageError(reasons.join('; '));
}

/** `purpose set NAME model[,model…] [--description D]`, `purpose list`. */
export async function purposeCommand(
  services: { router: Pick<RouterServices, 'purposes'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { router } = services;
  if (action === 'list') {
    takeFlags(parsed, []);
    for (const purpose of await router.purposes.list())
      print(`${purpose.purpose}\t${purpose.models.join(',')}${purpose.shipped ? '\t(shipped default)' : ''}`);
    return;
  }
  if (action !== 'set') throw new UsageError('Usage: purpose set|list …');
  const flags = takeFlags(parsed, ['description']);
  const [name, models] = parsed.positionals.slice(2);
  if (!name || !models) throw new UsageError('Usage: purpose set NAME model[,model…] [--description D]');
  const purpose = validatePurpose(
    name,
    models
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean),
    flags.description,
  );
  await router.purposes.set(purpose.purpose, purpose.models, purpose.description);
  print(`${purpose.purpose} → ${purpose.models.join(', ')}`);
}
