import type { ActivationRecord } from '../activations/activation-rows';
import type { LicenceRecord } from './licence-rows';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An activation as the API shows it. */
export function activationToJson(activation: ActivationRecord) {
  return {
    object: 'license_activation',
    id: activation.id,
    license_id: activation.licenceId,
    site_url: activation.siteUrl,
    staging: activation.staging,
    api_key_id: activation.apiKeyId,
    status: activation.status,
    created_at: iso(activation.createdAt),
    deactivated_at: iso(activation.deactivatedAt),
  };
}

/** A licence as the admin sees it: the key only when given (the detail), its seats and activations. */
export function licenceToJson(licence: LicenceRecord, activations: ActivationRecord[], key?: string) {
  const active = activations.filter((activation) => activation.status === 'active');
  return {
    object: 'license',
    id: licence.id,
    key_prefix: licence.keyPrefix,
    ...(key === undefined ? {} : { license_key: key }),
    site_url: licence.siteUrl,
    package_id: licence.packageId,
    order_id: licence.orderId,
    status: licence.status,
    expires_at: iso(licence.expiresAt),
    seats: licence.seats,
    seats_used: active.filter((activation) => !activation.staging).length,
    activations: activations.map(activationToJson),
    created_at: iso(licence.createdAt),
  };
}
