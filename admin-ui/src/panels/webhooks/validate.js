import { __ } from '@wordpress/i18n';
import { isHttpUrl, onlyProblems } from '../../utils/validation';

export const SIGNATURE_RESULTS = [
	'valid',
	'invalid',
	'missing',
	'unknown_store',
	'unsigned_ping',
	'not_checked',
];

/** What an attempt did (the API's `outcome` filter); `ignored`: verified, nothing for the hub (a store's own sale). */
export const AUDIT_OUTCOMES = [
	'applied',
	'no_change',
	'ignored_older',
	'unmatched',
	'ignored',
	'ping',
	'rejected',
	'rate_limited',
	'failed',
];

export const DELIVERY_STATUSES = [ 'pending', 'delivered', 'failed', 'gone' ];

export const EMPTY_STORE = { source_url: '', secret: '' };

/**
 * @param {Object}  values `{ source_url, secret }`; the secret is kept exactly as typed.
 * @param {boolean} isNew  Whether the store is being added (a URL is then required).
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateStore( values, isNew = true ) {
	return onlyProblems( {
		source_url:
			! isNew || isHttpUrl( values.source_url )
				? undefined
				: __(
						"The store's absolute http(s) home URL, as WooCommerce sends it.",
						'svc-hub'
					),
		secret:
			values.secret.length === 0 || values.secret.length > 1000
				? __(
						"The webhook's secret exactly as WooCommerce shows it (1 to 1000 characters).",
						'svc-hub'
					)
				: undefined,
	} );
}

/**
 * @param {Object} values `{ consumer_key, consumer_secret }` as WooCommerce showed them.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateCredentials( values ) {
	return onlyProblems( {
		consumer_key: /^ck_[A-Za-z0-9_-]{8,200}$/.test(
			values.consumer_key.trim()
		)
			? undefined
			: __( 'The consumer key WooCommerce showed (ck_…).', 'svc-hub' ),
		consumer_secret: /^cs_[A-Za-z0-9_-]{8,200}$/.test(
			values.consumer_secret.trim()
		)
			? undefined
			: __( 'The consumer secret WooCommerce showed (cs_…).', 'svc-hub' ),
	} );
}
