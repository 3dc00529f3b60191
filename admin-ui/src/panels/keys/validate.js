import { __ } from '@wordpress/i18n';
import {
	isHttpUrl,
	isIntegerBetween,
	onlyProblems,
} from '../../utils/validation';

export const EMPTY_KEY = {
	site_url: '',
	team: '',
	name: '',
	scope: 'client',
	rate_limit_per_minute: '120',
	webhook_endpoint: '',
};

/**
 * @param {Object} values The key form.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateKey( values ) {
	return onlyProblems( {
		site_url: isHttpUrl( values.site_url )
			? undefined
			: __(
					'Give the client site as an absolute http(s) URL.',
					'svc-hub'
				),
		team:
			values.team.trim() === ''
				? __(
						'A team is required (usage and cost are reported per team).',
						'svc-hub'
					)
				: undefined,
		scope: [ 'client', 'admin' ].includes( values.scope )
			? undefined
			: __( 'Choose client or admin.', 'svc-hub' ),
		rate_limit_per_minute: isIntegerBetween(
			values.rate_limit_per_minute,
			1,
			100000
		)
			? undefined
			: __(
					'Requests per minute: a whole number from 1 to 100000.',
					'svc-hub'
				),
		webhook_endpoint:
			values.webhook_endpoint.trim() === '' ||
			isHttpUrl( values.webhook_endpoint )
				? undefined
				: __(
						'Leave empty for the default, or give an absolute http(s) URL.',
						'svc-hub'
					),
	} );
}

/**
 * @param {Object} values `{ rate_limit_per_minute }` as typed.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateRateLimit( values ) {
	return onlyProblems( {
		rate_limit_per_minute: isIntegerBetween(
			values.rate_limit_per_minute,
			1,
			100000
		)
			? undefined
			: __(
					'Requests per minute: a whole number from 1 to 100000.',
					'svc-hub'
				),
	} );
}

/**
 * @param {Object} values `{ max_concurrent_calls }` as typed.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateConcurrency( values ) {
	return onlyProblems( {
		max_concurrent_calls: isIntegerBetween(
			values.max_concurrent_calls,
			1,
			10000
		)
			? undefined
			: __(
					'Calls in flight at once: a whole number from 1 to 10000.',
					'svc-hub'
				),
	} );
}

/**
 * @param {Object} values The key form (valid).
 * @return {Object} The body of POST /keys.
 */
export function keyPayload( values ) {
	return {
		site_url: values.site_url.trim(),
		team: values.team.trim(),
		...( values.name.trim() ? { name: values.name.trim() } : {} ),
		scope: values.scope,
		rate_limit_per_minute: Number( values.rate_limit_per_minute ),
		...( values.webhook_endpoint.trim()
			? { webhook_endpoint: values.webhook_endpoint.trim() }
			: {} ),
	};
}
