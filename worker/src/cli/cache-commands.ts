import { parsePolicy } from '../router/response-cache/policies';
import type { RouterServices } from '../router/router-services';
import { integerText } from '../support/number-input';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const USAGE =
  'Usage: cache set purpose|key TARGET --ttl SECONDS [--scope key|team|global] [--any-temperature on|off] [--enabled on|off] | cache remove purpose|key TARGET | cache list';

const onOff = (value: string | undefined, flag: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--${flag} takes on or off.`);
};

/** `cache set|remove|list`: response cache policies per purpose or API key id (docs/api-notes.md, "Response cache"). */
export async function cacheCommand(
  services: { router: Pick<RouterServices, 'responseCache'> },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { policies } = services.router.responseCache;
  const [, , type, target] = parsed.positionals;
  switch (action) {
    case 'set': {
      const flags = takeFlags(parsed, ['ttl', 'scope', 'any-temperature', 'enabled'], ['ttl']);
      if (!type || !target) throw new UsageError(USAGE);
      const policy = parsePolicy(type, target, {
        ttl_seconds: integerText(flags.ttl!),
        scope: flags.scope,
        any_temperature: onOff(flags['any-temperature'], 'any-temperature'),
        enabled: onOff(flags.enabled, 'enabled'),
      });
      await policies.set(policy);
      print(
        `cache for ${policy.target_type} ${policy.target}: ${policy.enabled ? 'on' : 'off'}, scope ${policy.scope}, ttl ${policy.ttl_seconds} s${policy.any_temperature ? ', any temperature' : ''}.`,
      );
      return;
    }
    case 'remove': {
      takeFlags(parsed, []);
      if (!type || !target) throw new UsageError(USAGE);
      print(
        (await policies.remove(type, target)) ? `Removed the cache policy of ${type} ${target}.` : `${type} ${target} had no cache policy.`,
      );
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      for (const policy of await policies.list()) {
        print(
          [
            policy.target_type,
            policy.target,
            policy.enabled ? 'on' : 'off',
            policy.scope,
            `${policy.ttl_seconds}s`,
            policy.any_temperature ? 'any temperature' : 'temperature 0 or seed',
          ].join('\t'),
        );
      }
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}
