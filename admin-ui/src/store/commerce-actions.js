import { sprintf, __ } from '@wordpress/i18n';
import { mutateAs } from './mutate-as';

/* Packages, entitlements (grant, switch with a reason). */

/**
 * Saves a package; each of the answer's `warnings` (say, a WooCommerce product that does
 * not exist on this site) is shown as a warning notice after the success notice.
 *
 * @param {Object}  values The package as the API takes it.
 * @param {boolean} isNew  Create (POST) or edit (PUT).
 * @return {Function} Thunk.
 */
export const savePackage =
	( values, isNew ) =>
	async ( { dispatch } ) => {
		const outcome = await dispatch.mutate( {
			path: isNew
				? '/packages'
				: `/packages/${ encodeURIComponent( values.package_id ) }`,
			method: isNew ? 'POST' : 'PUT',
			data: values,
			success: ( saved ) =>
				isNew
					? sprintf(
							/* translators: %s: package id. */
							__( 'Package %s created.', 'svc-hub' ),
							saved.package_id
						)
					: sprintf(
							/* translators: %s: package id. */
							__( 'Package %s saved.', 'svc-hub' ),
							saved.package_id
						),
		} );
		for ( const warning of outcome.result?.warnings ?? [] ) {
			dispatch.createNotice( 'warning', warning.message );
		}
		return outcome;
	};

/**
 * @param {string} packageId Package slug.
 * @param {string} action    `archive` or `activate`.
 * @return {Function} Thunk.
 */
export const setPackageStatus = ( packageId, action ) =>
	mutateAs( {
		path: `/packages/${ encodeURIComponent( packageId ) }/${ action }`,
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: package id, %2$s: status. */
				__( 'Package %1$s is now %2$s.', 'svc-hub' ),
				saved.package_id,
				saved.status
			),
	} );

export const grantEntitlement = ( values ) =>
	mutateAs( {
		path: '/entitlements/grant',
		data: values,
		success: ( saved ) =>
			sprintf(
				/* translators: %1$s: granted features, comma-separated, %2$s: site url. */
				__( '%1$s granted to %2$s.', 'svc-hub' ),
				saved.features.join( ', ' ),
				saved.site_url
			),
	} );

/**
 * @param {Object} change `{ site_url, package_id, status?, expires_at?, reason }`.
 * @return {Function} Thunk.
 */
export const switchEntitlement = ( change ) =>
	mutateAs( {
		path: '/entitlements/status',
		data: change,
		success: ( saved ) =>
			saved.changed
				? sprintf(
						/* translators: %1$s: site url, %2$s: status, %3$s: expires at. */
						__(
							'Entitlement of %1$s is %2$s (expires %3$s).',
							'svc-hub'
						),
						saved.site_url,
						saved.status,
						saved.expires_at ?? __( 'never', 'svc-hub' )
					)
				: sprintf(
						/* translators: %1$s: site url, %2$s: status. */
						__(
							'Entitlement of %1$s was already %2$s; nothing changed.',
							'svc-hub'
						),
						saved.site_url,
						saved.status
					),
	} );
