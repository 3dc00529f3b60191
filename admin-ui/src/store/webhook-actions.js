import { sprintf, __ } from '@wordpress/i18n';
import { mutateAs } from './mutate-as';

/* WooCommerce stores (write-only secrets) and outbound deliveries. */

export const retryDelivery = ( id ) =>
	mutateAs( {
		path: `/deliveries/${ encodeURIComponent( id ) }/retry`,
		success: () =>
			sprintf(
				/* translators: %s: delivery id. */
				__( 'Delivery %s queued to be sent now.', 'svc-hub' ),
				id
			),
	} );

/**
 * Adds a store (id null) or replaces a store's secret.
 *
 * @param {string|null} id     Store id, or null to add one.
 * @param {Object}      values `{ source_url, secret }` or `{ secret }`.
 * @return {Function} Thunk.
 */
export const saveStore = ( id, values ) =>
	mutateAs( {
		path: id ? `/stores/${ encodeURIComponent( id ) }` : '/stores',
		method: id ? 'PUT' : 'POST',
		data: values,
		success: ( saved ) =>
			id
				? sprintf(
						/* translators: %1$s: source url, %2$s: secret last4. */
						__(
							'Secret of %1$s replaced (ends in %2$s).',
							'svc-hub'
						),
						saved.source_url,
						saved.secret_last4
					)
				: sprintf(
						/* translators: %1$s: source url, %2$s: secret last4. */
						__(
							'Store %1$s added (secret ends in %2$s).',
							'svc-hub'
						),
						saved.source_url,
						saved.secret_last4
					),
	} );

export const deleteStore = ( record ) =>
	mutateAs( {
		path: `/stores/${ encodeURIComponent( record.id ) }`,
		method: 'DELETE',
		success: () =>
			sprintf(
				/* translators: %s: source url. */ __(
					'Store %s removed.',
					'svc-hub'
				),
				record.source_url
			),
	} );

/**
 * Sets (or with null clears) a store's WooCommerce REST credentials.
 *
 * @param {Object}      record      The store.
 * @param {Object|null} credentials `{ consumer_key, consumer_secret }`, or null.
 * @return {Function} Thunk.
 */
export const saveStoreCredentials = ( record, credentials ) =>
	mutateAs( {
		path: `/stores/${ encodeURIComponent( record.id ) }`,
		method: 'PUT',
		data: { rest_credentials: credentials },
		success: ( saved ) =>
			saved.rest_credentials
				? sprintf(
						/* translators: %1$s: source url, %2$s: consumer key last4. */
						__(
							'REST credentials of %1$s saved (key ends in %2$s).',
							'svc-hub'
						),
						saved.source_url,
						saved.rest_credentials.consumer_key_last4
					)
				: sprintf(
						/* translators: %s: source url. */
						__( 'REST credentials of %s cleared.', 'svc-hub' ),
						saved.source_url
					),
	} );
