import type { Database } from '../../db/connections';
import { ActivationLimits, DEFAULT_ACTIVATION_LIMITS, type ActivationLimitSettings } from '../activations/activation-limits';
import { ActivationStore } from '../activations/activation-rows';
import { Activations } from '../activations/activations';
import type { ApiKeyStore } from '../api-keys';
import type { CustomerDirectory } from '../customers/customer-directory';
import { DOCUMENT_GRACE_DAYS } from '../documents/licence-document';
import { HubSigningKey } from '../documents/signing-key';
import { LicenceDocuments } from '../documents/site-documents';
import type { EntitlementStore } from '../entitlements';
import { LicenceFollower } from './licence-follower';
import { LicenceStore } from './licence-rows';

/** Licences, activations and signed documents (docs/commerce.md "Licences and activations"), built once. */
export interface LicenceServices {
  licences: LicenceStore;
  activationRows: ActivationStore;
  activations: Activations;
  limits: ActivationLimits;
  signing: HubSigningKey;
  documents: LicenceDocuments;
}

/** Builds the area and has every licence (and its activated sites) follow its buyer's entitlement. */
export function createLicenceServices(
  database: Database,
  secret: Buffer,
  entitlements: EntitlementStore,
  keys: ApiKeyStore,
  customers: CustomerDirectory,
  activationLimits: ActivationLimitSettings = DEFAULT_ACTIVATION_LIMITS,
  graceDays = DOCUMENT_GRACE_DAYS,
): LicenceServices {
  const licences = new LicenceStore(database, secret);
  const activationRows = new ActivationStore(database);
  const signing = new HubSigningKey(database, secret);
  entitlements.observe(new LicenceFollower(licences, activationRows, entitlements));
  return {
    licences,
    activationRows,
    activations: new Activations(licences, activationRows, entitlements, keys, customers, signing),
    limits: new ActivationLimits(activationLimits),
    signing,
    documents: new LicenceDocuments(signing, graceDays),
  };
}
