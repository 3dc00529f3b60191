import { Button, FormFileUpload } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { store } from '../../store';
import { readPack } from './validate';

/** Imports a template pack (a JSON file) and exports the library as one. */
export default function PackImport() {
	const { importLibraryPack, exportLibrary, createNotice } =
		useDispatch( store );
	const [ isBusy, setBusy ] = useState( false );
	const onFile = async ( event ) => {
		const file = event.target.files && event.target.files[ 0 ];
		event.target.value = '';
		if ( ! file ) {
			return;
		}
		const { pack, error } = readPack( await file.text() );
		if ( error ) {
			createNotice( 'error', error );
			return;
		}
		setBusy( true );
		await importLibraryPack( pack );
		setBusy( false );
	};
	const onExport = async () => {
		const { result } = await exportLibrary();
		if ( result ) {
			const url = URL.createObjectURL(
				new Blob( [ JSON.stringify( result, null, 2 ) ], {
					type: 'application/json',
				} )
			);
			const link = document.createElement( 'a' );
			link.href = url;
			link.download = `svc-hub-library-${ result.library_version }.json`;
			link.click();
			URL.revokeObjectURL( url );
		}
	};
	return (
		<div className="svc-hub-actions svc-hub-pack">
			<FormFileUpload
				accept="application/json,.json"
				onChange={ onFile }
				render={ ( { openFileDialog } ) => (
					<Button
						variant="primary"
						isBusy={ isBusy }
						disabled={ isBusy }
						onClick={ openFileDialog }
					>
						{ __( 'Import a pack…', 'svc-hub' ) }
					</Button>
				) }
			/>
			<Button variant="secondary" onClick={ onExport }>
				{ __( 'Export the library', 'svc-hub' ) }
			</Button>
		</div>
	);
}
