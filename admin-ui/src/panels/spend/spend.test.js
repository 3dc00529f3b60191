import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { store } from '../../store';
import SpendPanel from './index';
import { barsOf, fromUnits, toUnits, totalsOf } from './spend-data';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

const CUSTOMER = {
	id: 'cus_1',
	name: 'Client X',
	email: 'x@client.example',
	sites: [],
};
const row = ( site, cost, billed, margin ) => ( {
	group: { customer: 'cus_1', site },
	period: '2026-11',
	customer_name: 'Client X',
	calls: 2,
	unpriced_calls: 0,
	cost,
	billed,
	margin,
} );
const REPORT = {
	object: 'spend_report',
	data: [
		row( 'https://a.example', '0.10000001', '0.12500001', '0.02500000' ),
		row( 'https://b.example', '1.23456789', '1.50000000', '0.26543211' ),
	],
};

/**
 * apiFetch as the worker answers: the customers list (parse: false), the report, the CSV.
 *
 * @param {Object}  options       apiFetch's options.
 * @param {string}  options.path  The path.
 * @param {boolean} options.parse Whether to parse.
 * @return {Promise<*>} The answer.
 */
function answer( { path, parse } ) {
	if ( path.includes( '/customers' ) ) {
		return Promise.resolve( {
			json: async () => ( { object: 'list', data: [ CUSTOMER ] } ),
			headers: new Map(),
		} );
	}
	if ( path.includes( 'format=csv' ) ) {
		return Promise.resolve( { text: async () => 'customer,site\r\n' } );
	}
	return Promise.resolve( parse === false ? null : REPORT );
}

describe( 'spend figures', () => {
	it( 'add in 10⁻⁸ USD units, never floats', () => {
		expect( fromUnits( toUnits( '0.1' ) + toUnits( '0.2' ) ) ).toBe(
			'0.30000000'
		);
		expect(
			fromUnits(
				toUnits( '9999999999.99999999' ) + toUnits( '0.00000001' )
			)
		).toBe( '10000000000.00000000' );
		expect( fromUnits( toUnits( '-0.5' ) ) ).toBe( '-0.50000000' );
		expect( totalsOf( REPORT.data ) ).toEqual( {
			cost: '1.33456790',
			billed: '1.62500001',
			margin: '0.29043211',
		} );
		expect( barsOf( REPORT.data, 'customer' ) ).toEqual( [
			{
				label: 'Client X',
				cost: '1.33456790',
				billed: '1.62500001',
				margin: '0.29043211',
			},
		] );
	} );
} );

describe( 'the Spend panel', () => {
	beforeEach( () => {
		apiFetch.mockReset();
		apiFetch.mockImplementation( answer );
		global.URL.createObjectURL = jest.fn( () => 'blob:spend' );
		global.URL.revokeObjectURL = jest.fn();
	} );

	it( 'shows what client X cost and what it was billed, per site, with a chart, and filters by customer', async () => {
		const registry = createRegistry();
		registry.register( store );
		const { container } = render(
			<RegistryProvider value={ registry }>
				<SpendPanel />
			</RegistryProvider>
		);
		await waitFor( () =>
			expect( screen.getByText( '1.23456789' ) ).toBeTruthy()
		);
		expect( screen.getByText( '0.26543211' ) ).toBeTruthy();
		expect(
			container.querySelector( '[data-totals]' ).textContent
		).toContain( '1.62500001' );
		const bars = container.querySelectorAll(
			'svg.svc-hub-spend-chart [data-bar="Client X"] rect'
		);
		expect(
			[ ...bars ].map( ( bar ) => bar.getAttribute( 'data-series' ) )
		).toEqual( [ 'cost', 'billed' ] );
		expect( Number( bars[ 1 ].getAttribute( 'width' ) ) ).toBeGreaterThan(
			Number( bars[ 0 ].getAttribute( 'width' ) )
		);

		await waitFor( () =>
			expect(
				screen.getByRole( 'option', { name: 'Client X' } )
			).toBeTruthy()
		);
		fireEvent.change( screen.getByLabelText( 'Customer' ), {
			target: { value: 'cus_1' },
		} );
		await waitFor( () =>
			expect( apiFetch ).toHaveBeenCalledWith(
				expect.objectContaining( {
					path: expect.stringMatching(
						/\/reports\/spend\?.*customer=cus_1/
					),
				} )
			)
		);

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Download CSV' } )
		);
		await waitFor( () =>
			expect( apiFetch ).toHaveBeenCalledWith(
				expect.objectContaining( {
					path: expect.stringMatching( /format=csv/ ),
					parse: false,
				} )
			)
		);
	} );
} );
