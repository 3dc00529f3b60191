import { POOLED_PROVIDERS, poolStatus, savePool, type PoolServices } from '../router/key-pools/pool-settings';
import { integerText } from '../support/number-input';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const USAGE =
  'Usage: provider pool set NAME ID [--api-key K] [--base-url U] [--weight W] | provider pool remove NAME ID | provider pool list NAME';

/**
 * `provider pool set|remove|list`: one deployment at a time of a provider's key pool (the rest
 * of the pool is kept as stored). Keys are stored encrypted and never printed (last 4 only).
 */
export async function poolCommand(services: { router: PoolServices }, parsed: ParsedArguments, print: Print): Promise<void> {
  const { router } = services;
  const [, , action, name, id] = parsed.positionals;
  if (!name || !POOLED_PROVIDERS.includes(name)) throw new UsageError(`${USAGE}; NAME is one of ${POOLED_PROVIDERS.join(', ')}.`);
  const current = (await poolStatus(router, name)).map((deployment) => ({
    id: deployment.id,
    weight: deployment.weight,
    base_url: deployment.base_url,
  }));
  switch (action) {
    case 'set': {
      const flags = takeFlags(parsed, ['api-key', 'base-url', 'weight']);
      if (!id) throw new UsageError(USAGE);
      const existing = current.find((deployment) => deployment.id === id);
      const weight = flags.weight === undefined ? (existing?.weight ?? 1) : integerText(flags.weight);
      const changed = {
        id,
        weight,
        base_url: flags['base-url'] ?? existing?.base_url ?? null,
        ...(flags['api-key'] === undefined ? {} : { api_key: flags['api-key'] }),
      };
      const deployments = existing ? current.map((deployment) => (deployment.id === id ? changed : deployment)) : [...current, changed];
      printPool(name, await savePool(router, name, { deployments }), print);
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      if (!id || !current.some((deployment) => deployment.id === id)) throw new UsageError(`${name} has no deployment "${id ?? ''}".`);
      printPool(name, await savePool(router, name, { deployments: current.filter((deployment) => deployment.id !== id) }), print);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      printPool(name, await poolStatus(router, name), print);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

function printPool(name: string, deployments: Awaited<ReturnType<typeof poolStatus>>, print: Print): void {
  if (deployments.length === 0) print(`${name}: no pool (calls use the provider's own key).`);
  for (const deployment of deployments) {
    print(
      [
        name,
        deployment.id,
        `weight ${deployment.weight}`,
        deployment.key_last4 ? `…${deployment.key_last4}` : '-',
        deployment.base_url ?? '-',
        deployment.cooling_until ? `cooling until ${deployment.cooling_until}` : 'ready',
      ].join('\t'),
    );
  }
}
