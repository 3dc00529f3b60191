import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { store } from '../../store';
import UploadForm from './upload-form';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

/** The release list's groups: forms-pro already delivers acme-forms. */
const PRODUCTS = [
	{ type: 'theme', slug: 'acme-theme', packageIds: [ 'forms-pro' ] },
];

/**
 * The hub as apiFetch sees it: the package list, and `upload` answering POST /releases.
 *
 * @param {Function} upload The upload's answer (resolves, or throws the WordPress error shape).
 */
function hub( upload ) {
	apiFetch.mockImplementation( async ( options ) => {
		if ( options.parse === false ) {
			return {
				json: async () => ( {
					data: [ { package_id: 'forms-pro', name: 'Forms Pro' } ],
				} ),
				headers: { get: () => null },
			};
		}
		return upload( options );
	} );
}

function renderForm() {
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<UploadForm products={ PRODUCTS } />
		</RegistryProvider>
	);
	return registry;
}

async function fillForm() {
	const registry = renderForm();
	await screen.findByRole( 'option', { name: 'Forms Pro (forms-pro)' } );
	const type = ( label, value ) =>
		fireEvent.change( screen.getByLabelText( label ), {
			target: { value },
		} );
	type( 'Package', 'forms-pro' );
	type( 'Slug (its folder)', 'acme-forms' );
	type( 'Version', '1.2.0' );
	fireEvent.change( screen.getByLabelText( 'Release zip' ), {
		target: { files: [ new File( [ 'PK' ], 'acme-forms.zip' ) ] },
	} );
	return registry;
}

describe( 'Upload a release', () => {
	beforeEach( () => apiFetch.mockReset() );

	it( 'names a missing zip at its field and sends nothing', async () => {
		const upload = jest.fn();
		hub( upload );
		renderForm();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Upload release' } )
		);
		const help = screen.getByText( 'Choose the release zip.' );
		expect(
			screen
				.getByLabelText( 'Release zip' )
				.getAttribute( 'aria-describedby' )
		).toBe( help.id );
		expect( upload ).not.toHaveBeenCalled();
	} );

	it( 'sends the zip as multipart and shows the hub’s refusal of the file next to it, values kept', async () => {
		const upload = jest.fn( async () => {
			throw {
				code: 'svc_invalid_request',
				message: 'The request is invalid.',
				data: {
					status: 400,
					params: { file: 'the zip says Version 1.2.1, not 1.2.0' },
				},
			};
		} );
		hub( upload );
		await fillForm();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Upload release' } )
		);
		const help = await screen.findByText(
			'the zip says Version 1.2.1, not 1.2.0'
		);
		expect(
			screen
				.getByLabelText( 'Release zip' )
				.getAttribute( 'aria-describedby' )
		).toBe( help.id );
		expect( screen.getByLabelText( 'Version' ).value ).toBe( '1.2.0' );
		const [ options ] = upload.mock.calls[ 0 ];
		expect( options ).toMatchObject( {
			path: '/svc-hub/v1/admin/releases',
			method: 'POST',
		} );
		expect( options.data ).toBeUndefined();
		expect( options.body.get( 'slug' ) ).toBe( 'acme-forms' );
		expect( options.body.get( 'file' ).name ).toBe( 'acme-forms.zip' );
	} );

	it( 'is busy while the zip goes up, then names the version and keeps the product for the next one', async () => {
		let answer;
		hub(
			() =>
				new Promise( ( resolve ) => {
					answer = resolve;
				} )
		);
		const registry = await fillForm();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Upload release' } )
		);
		await screen.findByText( 'Uploading…' );
		expect(
			screen.getByRole( 'button', { name: 'Upload release' } ).disabled
		).toBe( true );
		answer( { slug: 'acme-forms', version: '1.2.0', channel: 'stable' } );
		await waitFor( () =>
			expect( screen.getByLabelText( 'Version' ).value ).toBe( '' )
		);
		expect( screen.getByLabelText( 'Slug (its folder)' ).value ).toBe(
			'acme-forms'
		);
		expect( registry.select( store ).getNotices()[ 0 ] ).toMatchObject( {
			status: 'success',
			content: 'acme-forms 1.2.0 uploaded (stable).',
		} );
	} );

	it( 'fills in the type and slug of the product a chosen package already delivers', async () => {
		hub( jest.fn() );
		renderForm();
		await screen.findByRole( 'option', {
			name: 'Forms Pro (forms-pro)',
		} );
		fireEvent.change( screen.getByLabelText( 'Package' ), {
			target: { value: 'forms-pro' },
		} );
		expect( screen.getByLabelText( 'Type' ).value ).toBe( 'theme' );
		expect( screen.getByLabelText( 'Slug (its folder)' ).value ).toBe(
			'acme-theme'
		);
		expect(
			screen.getByText( 'Delivers the theme acme-theme.' )
		).toBeTruthy();
	} );
} );
