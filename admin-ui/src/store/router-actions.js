import { sprintf, __ } from '@wordpress/i18n';
import { readError, request } from '../api/client';
import { mutateAs } from './mutate-as';

/* Providers (write-only keys, enable/disable, test call), purposes and prices. */

const providerPath = ( name ) => `/providers/${ encodeURIComponent( name ) }`;

/**
 * @param {string} name   Provider name.
 * @param {Object} change `{ api_key?, base_url?, enabled? }`; `api_key: null` removes the stored key.
 * @return {Function} Thunk.
 */
export const saveProvider = ( name, change ) =>
	mutateAs( {
		path: providerPath( name ),
		method: 'PUT',
		data: change,
		success: ( status ) =>
			status.key_last4
				? sprintf(
						/* translators: %1$s: provider name, %2$s: key last4. */
						__( '%1$s saved (key ending in %2$s).', 'svc-hub' ),
						name,
						status.key_last4
					)
				: sprintf(
						/* translators: %s: provider name. */ __(
							'%s saved.',
							'svc-hub'
						),
						name
					),
	} );

export const removeProvider = ( name ) =>
	mutateAs( {
		path: providerPath( name ),
		method: 'DELETE',
		success: () =>
			sprintf(
				/* translators: %s: provider name. */
				__(
					'Stored settings of %s removed; the environment settings apply again.',
					'svc-hub'
				),
				name
			),
	} );

/**
 * One real call through the provider; the outcome is kept for the provider's card and shown as a notice.
 *
 * @param {string} name Provider name.
 */
export const testProvider =
	( name ) =>
	async ( { dispatch } ) => {
		try {
			const result = await request( `${ providerPath( name ) }/test`, {
				method: 'POST',
				data: {},
			} );
			dispatch.receiveProviderTest( result );
			dispatch.createNotice(
				result.ok ? 'success' : 'error',
				result.ok
					? sprintf(
							/* translators: %1$s: provider name, %2$s: latency ms, %3$s: model. */
							__( '%1$s answered in %2$s ms (%3$s).', 'svc-hub' ),
							name,
							result.latency_ms,
							result.model
						)
					: sprintf(
							/* translators: %1$s: provider name, %2$s: error message. */
							__( '%1$s test failed: %2$s', 'svc-hub' ),
							name,
							result.error.message
						)
			);
			return { result };
		} catch ( thrown ) {
			const error = await readError( thrown );
			dispatch.createNotice( 'error', error.message );
			return { error };
		}
	};

export const savePurpose = ( purpose, models, description ) =>
	mutateAs( {
		path: `/purposes/${ encodeURIComponent( purpose ) }`,
		method: 'PUT',
		data: { models, ...( description ? { description } : {} ) },
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: purpose, %2$s: model ids, comma-separated. */
				__( 'Purpose %1$s saved: %2$s.', 'svc-hub' ),
				saved.purpose,
				saved.models.join( ' → ' )
			),
	} );

/**
 * @param {string} model `<provider>/<model>`; its slashes stay path separators.
 * @param {Object} price `{ input_per_mtok, output_per_mtok, cache_read_per_mtok?, cache_write_per_mtok? }` in USD per million tokens.
 * @return {Function} Thunk.
 */
export const savePrice = ( model, price ) =>
	mutateAs( {
		path: `/prices/${ model.split( '/' ).map( encodeURIComponent ).join( '/' ) }`,
		method: 'PUT',
		data: price,
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: model, %2$s: input, %3$s: output, %4$s: cache read, %5$s: cache write, each per million tokens. */
				__(
					'Price of %1$s: %2$s in / %3$s out / %4$s cache read / %5$s cache write per million tokens.',
					'svc-hub'
				),
				saved.model,
				saved.input_per_mtok,
				saved.output_per_mtok,
				saved.cache_read_per_mtok,
				saved.cache_write_per_mtok
			),
	} );

const defaultPricePath = ( provider ) =>
	`/provider-prices/${ encodeURIComponent( provider ) }`;

/**
 * @param {string} provider An open-model provider (openrouter, compat, ollama).
 * @param {Object} price    `{ input_per_mtok, output_per_mtok, cache_read_per_mtok?, cache_write_per_mtok? }`.
 * @return {Function} Thunk.
 */
export const saveDefaultPrice = ( provider, price ) =>
	mutateAs( {
		path: defaultPricePath( provider ),
		method: 'PUT',
		data: price,
		success: () =>
			sprintf(
				/* translators: %s: provider name. */
				__( 'Default price of %s models saved.', 'svc-hub' ),
				provider
			),
	} );

export const clearDefaultPrice = ( provider ) =>
	mutateAs( {
		path: defaultPricePath( provider ),
		method: 'DELETE',
		success: ( saved ) =>
			saved.pricing
				? sprintf(
						/* translators: %s: provider name. */
						__(
							'Default price of %s cleared; its models are free again.',
							'svc-hub'
						),
						provider
					)
				: sprintf(
						/* translators: %s: provider name. */
						__(
							'Default price of %s cleared; its unlisted models are unpriced.',
							'svc-hub'
						),
						provider
					),
	} );

/**
 * Loads a provider's published prices (docs/api-notes.md "Price sync").
 *
 * @param {string} provider Provider name.
 * @return {Function} Thunk.
 */
export const syncPrices = ( provider ) =>
	mutateAs( {
		path: `/price-sync/${ encodeURIComponent( provider ) }`,
		method: 'POST',
		success: ( summary ) =>
			sprintf(
				/* translators: %1$s: provider, %2$d: added, %3$d: changed, %4$d: unchanged, %5$d: kept, %6$d: refused. */
				__(
					'%1$s prices: %2$d added, %3$d changed, %4$d unchanged, %5$d kept (set by you), %6$d refused.',
					'svc-hub'
				),
				summary.provider,
				summary.added,
				summary.changed,
				summary.unchanged,
				summary.kept,
				summary.refused.length
			),
	} );
