import { sprintf, __ } from '@wordpress/i18n';
import { mutateAs } from './mutate-as';

/*
 * API keys: create (the key and webhook secret are kept in the store to be shown once),
 * change the rate limit and the calls in flight at once, revoke, rotate the site's webhook secret.
 */

export const createKey =
	( values ) =>
	async ( { dispatch } ) => {
		const outcome = await dispatch.mutate( {
			path: '/keys',
			data: values,
			success: ( key ) =>
				sprintf(
					/* translators: %s: API key prefix. */
					__(
						'API key %s created. Copy it now: it is shown only once.',
						'svc-hub'
					),
					key.prefix
				),
		} );
		if ( outcome.result ) {
			dispatch.receiveCreatedKey( outcome.result );
		}
		return outcome;
	};

export const revokeKey = ( key ) =>
	mutateAs( {
		path: `/keys/${ encodeURIComponent( key.id ) }/revoke`,
		success: () =>
			sprintf(
				/* translators: %s: API key prefix. */ __(
					'API key %s revoked.',
					'svc-hub'
				),
				key.prefix
			),
	} );

export const rotateWebhookSecret =
	( key ) =>
	async ( { dispatch } ) => {
		const outcome = await dispatch.mutate( {
			path: `/keys/${ encodeURIComponent( key.id ) }/rotate-secret`,
			success: () =>
				sprintf(
					/* translators: %s: site url. */
					__(
						'New webhook secret for %s. Copy it now: it is shown only once.',
						'svc-hub'
					),
					key.site_url
				),
		} );
		if ( outcome.result ) {
			dispatch.receiveRotatedSecret( {
				...outcome.result,
				site_url: key.site_url,
			} );
		}
		return outcome;
	};

export const setKeyRateLimit = ( key, rateLimitPerMinute ) =>
	mutateAs( {
		path: `/keys/${ encodeURIComponent( key.id ) }`,
		method: 'PATCH',
		data: { rate_limit_per_minute: rateLimitPerMinute },
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: API key prefix, %2$d: rate limit per minute. */
				__(
					'API key %1$s may now make %2$d requests per minute.',
					'svc-hub'
				),
				key.prefix,
				saved.rate_limit_per_minute
			),
	} );

export const setKeyConcurrency = ( key, maxConcurrentCalls ) =>
	mutateAs( {
		path: `/keys/${ encodeURIComponent( key.id ) }`,
		method: 'PATCH',
		data: { max_concurrent_calls: maxConcurrentCalls },
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: API key prefix, %2$d: max concurrent calls. */
				__(
					'API key %1$s may now have %2$d calls in flight at once.',
					'svc-hub'
				),
				key.prefix,
				saved.max_concurrent_calls
			),
	} );
