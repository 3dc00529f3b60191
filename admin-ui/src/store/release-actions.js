import { sprintf, __ } from '@wordpress/i18n';
import { mutateAs } from './mutate-as';

/* Releases of packages' plugins and themes (docs/commerce.md "Releases and updates"): upload, rollback. */

/**
 * @param {FormData} form The release's fields and its zip as `file` (multipart, rebuilt by the shell).
 * @return {Function} Thunk resolving `{ result }` or `{ error }`.
 */
export const uploadRelease = ( form ) =>
	mutateAs( {
		path: '/releases',
		body: form,
		success: ( saved ) =>
			sprintf(
				/* translators: 1: plugin or theme slug, 2: version, 3: stable or beta. */
				__( '%1$s %2$s uploaded (%3$s).', 'svc-hub' ),
				saved.slug,
				saved.version,
				saved.channel
			),
	} );

/**
 * @param {Object} release A release from GET /releases: its version becomes current, newer ones are withdrawn.
 * @return {Function} Thunk resolving `{ result }` or `{ error }`.
 */
export const rollbackRelease = ( release ) =>
	mutateAs( {
		path: '/releases/rollback',
		data: {
			type: release.type,
			slug: release.slug,
			version: release.version,
		},
		success: () =>
			sprintf(
				/* translators: 1: plugin or theme slug, 2: version. */
				__(
					'%1$s %2$s is current again; newer releases are withdrawn.',
					'svc-hub'
				),
				release.slug,
				release.version
			),
	} );
