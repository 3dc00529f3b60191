import { __ } from '@wordpress/i18n';
import { isHttpUrl, onlyProblems } from '../../utils/validation';

export const EMPTY_PROVIDER_FORM = { api_key: '', base_url: '' };

/**
 * The key is write-only: an empty field keeps the stored one — unless the base URL changes,
 * since a stored key is never sent to another host (the worker refuses that too).
 *
 * @param {Object} values   `{ api_key, base_url }` as typed.
 * @param {Object} provider The provider's status (`key_source`, `base_url`); optional.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateProvider( values, provider = {} ) {
	const key = values.api_key.trim();
	const baseUrl = values.base_url.trim();
	const movesStoredKey =
		key === '' &&
		baseUrl !== '' &&
		provider.key_source === 'admin' &&
		! sameUrl( baseUrl, provider.base_url );
	return onlyProblems( {
		api_key: keyProblem( key, baseUrl, movesStoredKey ),
		base_url:
			baseUrl === '' || isHttpUrl( baseUrl )
				? undefined
				: __( 'Give an absolute http(s) URL.', 'svc-hub' ),
	} );
}

/**
 * @param {string}  key            The key as typed (trimmed).
 * @param {string}  baseUrl        The base URL as typed (trimmed).
 * @param {boolean} movesStoredKey Whether the stored key would go to another host.
 * @return {string|undefined} What is wrong with the key field, if anything.
 */
function keyProblem( key, baseUrl, movesStoredKey ) {
	if ( key === '' && baseUrl === '' ) {
		return __( 'Type a new key or base URL to save.', 'svc-hub' );
	}
	if ( movesStoredKey ) {
		return __(
			'A new base URL needs the key again: the stored key is never sent to another host.',
			'svc-hub'
		);
	}
	return key !== '' && ( key.length < 4 || key.length > 500 )
		? __( 'A key has 4 to 500 characters.', 'svc-hub' )
		: undefined;
}

/**
 * @param {string}      typed  A URL as typed.
 * @param {string|null} stored The URL in force.
 * @return {boolean} Whether both name the same place (trailing slashes aside).
 */
function sameUrl( typed, stored ) {
	return (
		Boolean( stored ) &&
		typed.replace( /\/+$/, '' ) === stored.replace( /\/+$/, '' )
	);
}

/**
 * @param {Object} values The form (valid).
 * @return {Object} The body of PUT /providers/:name: only what was typed.
 */
export function providerPayload( values ) {
	return {
		...( values.api_key.trim() ? { api_key: values.api_key.trim() } : {} ),
		...( values.base_url.trim()
			? { base_url: values.base_url.trim() }
			: {} ),
	};
}

/**
 * @param {Object} provider A provider status from GET /providers.
 * @return {string} `ready`, `disabled` or `not configured`.
 */
export function providerState( provider ) {
	if ( ! provider.enabled ) {
		return 'disabled';
	}
	return provider.configured ? 'ready' : 'not configured';
}
