import { __ } from '@wordpress/i18n';
import {
	featuresProblem,
	isHttpUrl,
	onlyProblems,
	splitList,
} from '../../utils/validation';

export const ORDER_STATUSES = [
	'pending',
	'paid',
	'failed',
	'cancelled',
	'expired',
	'refunded',
];

/** What the operator can do to an entitlement, and the status each action sets. */
export const SWITCH_ACTIONS = {
	suspend: 'suspended',
	reactivate: 'active',
	revoke: 'revoked',
	expiry: null,
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isDate = ( value ) =>
	DATE_PATTERN.test( value ) &&
	! Number.isNaN( new Date( `${ value }T00:00:00Z` ).getTime() );

/**
 * @param {string} siteUrl Typed site filter (may be empty).
 * @return {Object} `{ site_url: message }` when it is not empty and not a URL.
 */
export function validateSiteFilter( siteUrl ) {
	return onlyProblems( {
		site_url:
			siteUrl.trim() === '' || isHttpUrl( siteUrl )
				? undefined
				: __(
						'An absolute http(s) URL, or empty for every site.',
						'svc-hub'
					),
	} );
}

/**
 * @param {Object} values `{ action, expires_on, reason }`.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateSwitch( values ) {
	return onlyProblems( {
		action: Object.keys( SWITCH_ACTIONS ).includes( values.action )
			? undefined
			: __( 'Choose what to do.', 'svc-hub' ),
		expires_on:
			values.action === 'expiry' &&
			values.expires_on !== '' &&
			! isDate( values.expires_on )
				? __(
						'A date (YYYY-MM-DD), or empty for no expiry.',
						'svc-hub'
					)
				: undefined,
		reason: reasonProblem( values.reason ),
	} );
}

/**
 * @param {string} reason The switch's reason as typed.
 * @return {string|undefined} What is wrong with it, if anything.
 */
function reasonProblem( reason ) {
	if ( reason.trim() === '' ) {
		return __(
			'A reason is required; it is kept in the history.',
			'svc-hub'
		);
	}
	return reason.length > 500
		? __( 'At most 500 characters.', 'svc-hub' )
		: undefined;
}

/**
 * @param {Object} entitlement The entitlement from GET /entitlements.
 * @param {Object} values      The switch form (valid).
 * @return {Object} The body of POST /entitlements/status.
 */
export function switchPayload( entitlement, values ) {
	const change = {
		site_url: entitlement.site_url,
		package_id: entitlement.package_id,
		reason: values.reason.trim(),
	};
	if ( values.action === 'expiry' ) {
		return {
			...change,
			expires_at:
				values.expires_on === ''
					? null
					: `${ values.expires_on }T00:00:00Z`,
		};
	}
	return { ...change, status: SWITCH_ACTIONS[ values.action ] };
}

export const EMPTY_GRANT = {
	site_url: '',
	features: '',
	expires_on: '',
	reason: '',
};

/**
 * @param {Object} values `{ site_url, features, expires_on, reason }`.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateGrant( values ) {
	return onlyProblems( {
		site_url: isHttpUrl( values.site_url )
			? undefined
			: __(
					'Give the client site as an absolute http(s) URL.',
					'svc-hub'
				),
		features: featuresProblem( values.features ),
		expires_on:
			values.expires_on === '' || isDate( values.expires_on )
				? undefined
				: __(
						'A date (YYYY-MM-DD), or empty for no expiry.',
						'svc-hub'
					),
	} );
}

/**
 * @param {Object} values The grant form (valid).
 * @return {Object} The body of POST /entitlements/grant.
 */
export function grantPayload( values ) {
	return {
		site_url: values.site_url.trim(),
		features: splitList( values.features ),
		...( values.expires_on
			? { expires_at: `${ values.expires_on }T00:00:00Z` }
			: {} ),
		...( values.reason.trim() ? { reason: values.reason.trim() } : {} ),
	};
}
