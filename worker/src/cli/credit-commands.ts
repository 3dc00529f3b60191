import type { AiAccounts } from '../router/ai-accounts/ai-accounts';
import { parseCreditAdjustment, readCreditScope } from '../router/ai-accounts/credit-inputs';
import { OverageStatement } from '../router/ai-accounts/overage-statement';
import { parseSiteAiChange } from '../router/ai-accounts/site-ai-inputs';
import { normaliseSiteUrl } from '../support/site-url';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

/** `credits show|adjust` (docs/commerce.md "AI allowances and credits"): a scope's balance and ledger, an admin's adjustment. */
export async function creditCommand(services: { ai: AiAccounts }, action: string | undefined, parsed: ParsedArguments, print: Print) {
  const target = parsed.positionals[2];
  switch (action) {
    case 'show': {
      takeFlags(parsed, []);
      const scope = readCreditScope(target);
      if (!scope) throw new UsageError('Usage: credits show SITE_URL|CUSTOMER_ID');
      await services.ai.credits.catchUp(scope);
      const { entries, balance } = await services.ai.credits.entries(scope);
      print(`Credits of ${scope.kind} ${scope.value}: ${balance} USD`);
      for (const entry of entries)
        print([entry.createdAt.toISOString(), entry.kind, entry.amount, entry.reference ?? '-', entry.actor, entry.reason].join('\t'));
      return;
    }
    case 'adjust': {
      const flags = takeFlags(parsed, ['reason'], ['reason']);
      const input = parseCreditAdjustment({ scope: target, amount: parsed.positionals[3], reason: flags.reason });
      const result = await services.ai.credits.adjust(input.scope, input.amount, input.reason, 'cli');
      print(`Adjusted the credits of ${input.scope.kind} ${input.scope.value} by ${result.moved} USD; balance ${result.balance} USD.`);
      return;
    }
    default:
      throw new UsageError('Usage: credits show|adjust …');
  }
}

/** `ai statement [--site URL] [--format csv|json]`: the overage statement; `ai markup SITE PERCENT|clear`, `ai alert-url SITE URL|clear`. */
export async function aiCommand(services: { ai: AiAccounts }, action: string | undefined, parsed: ParsedArguments, print: Print) {
  if (action === 'markup' || action === 'alert-url') return aiSettingCommand(services, action, parsed, print);
  if (action !== 'statement') throw new UsageError(AI_USAGE);
  const flags = takeFlags(parsed, ['site', 'format']);
  const site = flags.site === undefined ? null : normaliseSiteUrl(flags.site);
  if (flags.site !== undefined && !site) throw new UsageError('--site must be an absolute http(s) URL.');
  const lines = await services.ai.statement.lines(site);
  if (flags.format === 'json') print(JSON.stringify(lines, null, 2));
  else print(OverageStatement.csv(lines).trimEnd());
}

const AI_USAGE =
  'Usage: ai statement [--site URL] [--format csv|json] | ai markup SITE_URL PERCENT|clear | ai alert-url SITE_URL URL|clear';

/** A site's own markup (over its packages') or its AI alert webhook, set or cleared (docs/commerce.md "Resale price"). */
async function aiSettingCommand(services: { ai: AiAccounts }, action: 'markup' | 'alert-url', parsed: ParsedArguments, print: Print) {
  takeFlags(parsed, []);
  const [, , site, value] = parsed.positionals;
  if (site === undefined || value === undefined) throw new UsageError(AI_USAGE);
  const field = action === 'markup' ? 'markup_percent' : 'alert_url';
  const change = parseSiteAiChange({ site_url: site, [field]: value === 'clear' ? null : value });
  const { setting, alertSecret } = await services.ai.settings.update(change.siteUrl, change);
  const billed = await services.ai.markups.markupFor(change.siteUrl);
  print(
    action === 'markup'
      ? `Markup of ${setting.siteUrl}: ${setting.markupPercent ?? "none of its own (its packages')"}; calls are billed at ${billed ?? 0} %.`
      : `AI alert webhook of ${setting.siteUrl}: ${setting.alertUrl ?? 'none'}.`,
  );
  if (alertSecret) print(alertSecret);
}
