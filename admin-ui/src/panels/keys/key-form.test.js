import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { store } from '../../store';
import KeyForm from './key-form';
import {
	keyPayload,
	validateKey,
	validateRateLimit,
	EMPTY_KEY,
} from './validate';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

function renderForm() {
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<KeyForm />
		</RegistryProvider>
	);
	return registry;
}

const type = ( label, value ) =>
	fireEvent.change( screen.getByLabelText( label ), { target: { value } } );

describe( 'validateKey', () => {
	it( 'names every bad field', () => {
		expect(
			Object.keys(
				validateKey( {
					...EMPTY_KEY,
					site_url: 'ftp://x',
					rate_limit_per_minute: '0',
					webhook_endpoint: 'nope',
				} )
			).sort()
		).toEqual( [
			'rate_limit_per_minute',
			'site_url',
			'team',
			'webhook_endpoint',
		] );
	} );

	it( 'accepts a complete key and sends numbers as numbers, without empty optional fields', () => {
		const values = {
			...EMPTY_KEY,
			site_url: ' https://client.example ',
			team: 'growth',
			rate_limit_per_minute: '60',
		};
		expect( validateKey( values ) ).toEqual( {} );
		expect( keyPayload( values ) ).toEqual( {
			site_url: 'https://client.example',
			team: 'growth',
			scope: 'client',
			rate_limit_per_minute: 60,
		} );
	} );
} );

describe( 'KeyForm', () => {
	beforeEach( () => apiFetch.mockReset() );

	it( 'shows the problems next to the fields and sends nothing', () => {
		renderForm();
		fireEvent.click( screen.getByRole( 'button', { name: 'Create key' } ) );
		expect(
			screen.getByText(
				'Give the client site as an absolute http(s) URL.'
			)
		).toBeTruthy();
		expect(
			screen.getByText(
				'A team is required (usage and cost are reported per team).'
			)
		).toBeTruthy();
		expect( apiFetch ).not.toHaveBeenCalled();
	} );

	it( "keeps what was typed when the API refuses it, and shows the API's reason at the field", async () => {
		const registry = renderForm();
		apiFetch.mockRejectedValueOnce( {
			code: 'svc_invalid_request',
			message: 'The request is invalid.',
			data: { status: 400, params: { site_url: 'this site is blocked' } },
		} );
		type( 'Client site URL', 'https://client.example' );
		type( 'Team', 'growth' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Create key' } ) );
		await waitFor( () =>
			expect( screen.getByText( 'this site is blocked' ) ).toBeTruthy()
		);
		expect( screen.getByLabelText( 'Client site URL' ).value ).toBe(
			'https://client.example'
		);
		expect( screen.getByLabelText( 'Team' ).value ).toBe( 'growth' );
		expect( registry.select( store ).getNotices()[ 0 ] ).toMatchObject( {
			status: 'error',
			content: 'The request is invalid.',
		} );
	} );

	it( 'empties the form after the key was created and keeps the key to show once', async () => {
		const registry = renderForm();
		apiFetch.mockResolvedValueOnce( {
			id: 'key_1',
			prefix: 'svc_live_abcd…',
			key: 'svc_live_full',
			webhook_secret: 'whsec_1',
			site_url: 'https://client.example',
		} );
		type( 'Client site URL', 'https://client.example' );
		type( 'Team', 'growth' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Create key' } ) );
		await waitFor( () =>
			expect( screen.getByLabelText( 'Team' ).value ).toBe( '' )
		);
		expect( registry.select( store ).getCreatedKey().key ).toBe(
			'svc_live_full'
		);
	} );
} );

describe( 'validateRateLimit', () => {
	it( 'takes whole numbers from 1 to 100000 only', () => {
		expect( validateRateLimit( { rate_limit_per_minute: '45' } ) ).toEqual(
			{}
		);
		for ( const bad of [ '0', '-3', '1.5', 'abc', '', '100001' ] ) {
			expect(
				Object.keys(
					validateRateLimit( { rate_limit_per_minute: bad } )
				)
			).toEqual( [ 'rate_limit_per_minute' ] );
		}
	} );
} );
