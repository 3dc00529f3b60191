import { sprintf, __ } from '@wordpress/i18n';
import { readError, request } from '../api/client';
import { importSummary } from '../panels/library/validate';
import { mutateAs } from './mutate-as';

/* The image template library: import a pack, export the library, archive an item. */

export const importLibraryPack = ( pack ) =>
	mutateAs( { path: '/library/import', data: pack, success: importSummary } );

export const archiveLibraryItem = ( item ) =>
	mutateAs( {
		path: `/library/items/${ encodeURIComponent( item.id ) }/archive`,
		success: () =>
			sprintf(
				/* translators: %s: title. */
				__( '%s archived: clients no longer see it.', 'svc-hub' ),
				item.title
			),
	} );

/** The whole library as a pack (archived items included); resolves `{ result }` or `{ error }`. */
export const exportLibrary =
	() =>
	async ( { dispatch } ) => {
		try {
			const result = await request( '/library/export' );
			dispatch.createNotice(
				'success',
				sprintf(
					/* translators: %s: library version. */
					__( 'Library version %s exported.', 'svc-hub' ),
					result.library_version
				)
			);
			return { result };
		} catch ( thrown ) {
			const error = await readError( thrown );
			dispatch.createNotice( 'error', error.message );
			return { error };
		}
	};
