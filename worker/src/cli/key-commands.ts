import { parseKeyUpdate, parseNewKey } from '../license/inputs';
import type { Services } from '../services';
import { integerText } from '../support/number-input';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const date = (value: Date | null) => (value ? value.toISOString().replace('T', ' ').slice(0, 19) : '-');

/** `key create|list|revoke|rotate-secret|rate-limit|concurrency`. */
export async function keyCommand(
  services: Pick<Services, 'keys'>,
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  switch (action) {
    case 'create': {
      const flags = takeFlags(parsed, ['site', 'team', 'scope', 'name', 'rate-limit', 'concurrency', 'endpoint'], ['site', 'team']);
      const rateLimit = flags['rate-limit'];
      const concurrency = flags.concurrency;
      const issued = await services.keys.create(
        parseNewKey({
          site_url: flags.site,
          team: flags.team,
          scope: flags.scope,
          name: flags.name,
          rate_limit_per_minute: rateLimit === undefined ? undefined : integerText(rateLimit),
          max_concurrent_calls: concurrency === undefined ? undefined : integerText(concurrency),
          webhook_endpoint: flags.endpoint,
        }),
      );
      const { record } = issued;
      print(
        `Created ${record.id} for ${record.siteUrl} (team ${record.team}, scope ${record.scope}${record.webhookEndpoint ? `, webhooks to ${record.webhookEndpoint}` : ''}).`,
      );
      print('Store both now, they are not shown again: the site webhook secret, then the API key.');
      print(issued.webhookSecret);
      print(issued.key);
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      const { items, total } = await services.keys.list(1, 100);
      print(['id', 'prefix', 'status', 'scope', 'team', 'site', 'per minute', 'last used', 'concurrent'].join('\t'));
      for (const key of items) {
        print(
          [
            key.id,
            key.displayPrefix,
            key.status,
            key.scope,
            key.team,
            key.siteUrl,
            key.rateLimitPerMinute,
            date(key.lastUsedAt),
            key.maxConcurrentCalls,
          ].join('\t'),
        );
      }
      if (total > items.length) print(`(${total - items.length} older keys not shown)`);
      return;
    }
    case 'revoke':
    case 'rotate-secret': {
      takeFlags(parsed, []);
      const id = parsed.positionals[2];
      if (!id) throw new UsageError(`Usage: key ${action} KEY_ID`);
      if (action === 'revoke') {
        const record = await services.keys.revoke(id);
        if (!record) throw new UsageError(`No API key has the id ${id}.`);
        print(`${record.id} is ${record.status}.`);
      } else {
        const secret = await services.keys.rotateWebhookSecret(id);
        if (!secret) throw new UsageError(`No API key has the id ${id}.`);
        print(`New webhook secret for ${id} (the old one no longer works):`);
        print(secret);
      }
      return;
    }
    case 'rate-limit':
    case 'concurrency': {
      takeFlags(parsed, []);
      const [id, limit] = parsed.positionals.slice(2);
      const field = action === 'rate-limit' ? 'rate_limit_per_minute' : 'max_concurrent_calls';
      if (!id || limit === undefined)
        throw new UsageError(`Usage: key ${action} KEY_ID ${action === 'rate-limit' ? 'REQUESTS_PER_MINUTE' : 'CALLS_AT_ONCE'}`);
      const record = await services.keys.setLimits(id, parseKeyUpdate({ [field]: integerText(limit) }));
      if (!record) throw new UsageError(`No API key has the id ${id}.`);
      print(
        action === 'rate-limit'
          ? `${record.id} may make ${record.rateLimitPerMinute} requests per minute.`
          : `${record.id} may have ${record.maxConcurrentCalls} calls in flight at once (per worker).`,
      );
      return;
    }
    default:
      throw new UsageError('Usage: key create|list|revoke|rotate-secret|rate-limit|concurrency …');
  }
}
