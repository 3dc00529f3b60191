import type { CustomerDirectory } from '../license/customers/customer-directory';
import { ACTIVATION_ID_PATTERN } from '../license/activations/activation-rows';
import { validStagingPattern } from '../license/activations/staging-hosts';
import type { LicenceServices } from '../license/licences/licence-services';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;
const iso = (date: Date | null) => (date ? date.toISOString() : 'no expiry');

/**
 * `license list|show|deactivate|staging-pattern|public-key` (docs/commerce.md "Licences and
 * activations"): licences with their seats and sites, a licence's key and activations, freeing
 * a seat (the site's key and entitlement revoked, propagated), a customer's staging pattern,
 * the hub's public key for licence documents.
 */
export async function licenseCommand(
  services: { licences: LicenceServices; customers: CustomerDirectory },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  const { licences, activationRows, activations, signing } = services.licences;
  takeFlags(parsed, []);
  const argument = parsed.positionals[2];
  switch (action) {
    case 'list': {
      print(['id', 'key', 'site', 'package', 'status', 'expires', 'seats'].join('\t'));
      for (const licence of (await licences.list(1, 100)).items) {
        const seated = (await activationRows.forLicence(licence.id)).filter(
          (activation) => activation.status === 'active' && !activation.staging,
        );
        const seats = `${seated.length}/${licence.seats ?? 'unlimited'}`;
        print(
          [licence.id, licence.keyPrefix, licence.siteUrl, licence.packageId, licence.status, iso(licence.expiresAt), seats].join('\t'),
        );
      }
      return;
    }
    case 'show': {
      const licence = argument ? await licences.find(argument) : null;
      if (!licence) throw new UsageError(argument ? `No licence has the id ${argument}.` : 'Usage: license show LICENCE_ID');
      print(`${licence.id}  ${await licences.key(licence.id)}  ${licence.status}, ${iso(licence.expiresAt)}`);
      print(`bought by ${licence.siteUrl} (order ${licence.orderId}), package ${licence.packageId}, seats ${licence.seats ?? 'unlimited'}`);
      for (const activation of await activationRows.forLicence(licence.id))
        print(
          [activation.id, activation.siteUrl, activation.staging ? 'staging' : 'seat', activation.status, activation.apiKeyId].join('\t'),
        );
      return;
    }
    case 'deactivate': {
      const activation = argument && ACTIVATION_ID_PATTERN.test(argument) ? await activationRows.find(argument) : null;
      if (!activation) throw new UsageError(argument ? `No activation has the id ${argument}.` : 'Usage: license deactivate ACTIVATION_ID');
      const ended = await activations.deactivate(activation, 'cli');
      print(`${ended.id} ${ended.status}: ${ended.siteUrl}'s seat is free, its key ${ended.apiKeyId} revoked.`);
      return;
    }
    case 'staging-pattern': {
      const pattern = (parsed.positionals[3] ?? '').toLowerCase();
      if (!argument || !validStagingPattern(pattern))
        throw new UsageError('Usage: license staging-pattern CUSTOMER_ID PATTERN (e.g. *.review.example.com)');
      if (!(await services.customers.store.find(argument))) throw new UsageError(`No customer has the id ${argument}.`);
      await activationRows.addStagingPattern(argument, pattern);
      print(`${argument}'s staging patterns: ${(await activationRows.stagingPatterns(argument)).join(', ')}`);
      return;
    }
    case 'public-key':
      print((await signing.pair()).publicKeyRaw);
      return;
    default:
      throw new UsageError('Usage: license list|show LICENCE_ID|deactivate ACTIVATION_ID|staging-pattern CUSTOMER_ID PATTERN|public-key');
  }
}
