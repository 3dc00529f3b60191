import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { store } from '../../store';
import TryTemplate from './try-template';

// Styles are wp-scripts' business (the admin-ui jest project has no CSS transform).
jest.mock( './try-template.scss', () => ( {} ) );
jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

const TEMPLATE = {
	id: 'tpl_01JAAAAAAAAAAAAAAAAAAAAAAA',
	slug: 'fields-test',
	title: 'Fields test',
	width: 1080,
	height: 1080,
	format: 'png',
};
const FIELDS = [
	{ name: 'title', type: 'text', label: 'Title', default: 'Hello' },
	{ name: 'accent', type: 'color', label: 'Accent', default: '#ffffff' },
];
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/**
 * The hub as the screen sees it: the template list, the form, and renders answered by `onRender`.
 *
 * @param {Function} onRender apiFetch options → the render's answer (or a throw).
 */
function hub( onRender ) {
	apiFetch.mockImplementation( async ( options ) => {
		if ( options.parse === false ) {
			return {
				json: async () => ( { data: [ TEMPLATE ] } ),
				headers: new Map( [
					[ 'X-WP-Total', '1' ],
					[ 'X-WP-TotalPages', '1' ],
				] ),
			};
		}
		if ( options.path.endsWith( '/fields' ) ) {
			return { template: TEMPLATE, fields: FIELDS };
		}
		return onRender( options );
	} );
}

async function openForm() {
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<TryTemplate />
		</RegistryProvider>
	);
	await screen.findByRole( 'option', { name: 'Fields test (fields-test)' } );
	fireEvent.change( screen.getByLabelText( 'Template' ), {
		target: { value: TEMPLATE.id },
	} );
	await screen.findByLabelText( 'Title' );
}

describe( 'Try a template', () => {
	beforeEach( () => apiFetch.mockReset() );

	it( "shows the hub's refusal of a field next to that field, and no preview", async () => {
		hub( async () => {
			throw {
				code: 'svc_invalid_request',
				message: 'Invalid request.',
				data: {
					status: 400,
					params: { 'fields.accent': 'must be a colour #rrggbb' },
				},
			};
		} );
		await openForm();
		fireEvent.change( screen.getByLabelText( 'Accent' ), {
			target: { value: 'red-ish' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Render' } ) );
		const help = await screen.findByText( 'must be a colour #rrggbb' );
		const input = screen.getByLabelText( 'Accent' );
		expect( input.getAttribute( 'aria-describedby' ) ).toBe( help.id );
		expect( screen.getByLabelText( 'Title' ).value ).toBe( 'Hello' );
		expect( screen.queryByRole( 'img' ) ).toBeNull();
	} );

	it( 'sends the fields by name and shows the preview with its time and cache', async () => {
		const onRender = jest.fn( async () => ( {
			data_url: PNG,
			media_type: 'image/png',
			bytes: 8,
			duration_ms: 12,
			cache: 'miss',
		} ) );
		hub( onRender );
		await openForm();
		fireEvent.change( screen.getByLabelText( 'Title' ), {
			target: { value: 'Sale' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Render' } ) );
		const image = await screen.findByRole( 'img' );
		expect( image.getAttribute( 'src' ) ).toBe( PNG );
		expect(
			screen.getByText( 'image/png · 8 bytes · 12 ms · rendered now' )
		).toBeTruthy();
		await waitFor( () => expect( onRender ).toHaveBeenCalledTimes( 1 ) );
		expect( onRender.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			method: 'POST',
			data: {
				fields: { title: 'Sale', accent: '#ffffff' },
				format: 'png',
			},
		} );
		expect( onRender.mock.calls[ 0 ][ 0 ].path ).toMatch(
			/\/library\/templates\/tpl_01JAAAAAAAAAAAAAAAAAAAAAAA\/render$/
		);
	} );
} );
