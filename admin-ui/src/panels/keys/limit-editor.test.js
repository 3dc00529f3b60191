import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { store } from '../../store';
import LimitEditor from './limit-editor';
import { validateConcurrency } from './validate';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

const KEY = {
	id: 'key_1',
	prefix: 'svc_live_abcd…',
	status: 'active',
	rate_limit_per_minute: 120,
	max_concurrent_calls: 20,
};

function renderEditor() {
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<LimitEditor
				apiKey={ KEY }
				field="max_concurrent_calls"
				label="Calls in flight at once"
				changeLabel="Change the concurrent calls limit"
				validate={ validateConcurrency }
				save={ registry.dispatch( store ).setKeyConcurrency }
			/>
		</RegistryProvider>
	);
	return registry;
}

describe( 'validateConcurrency', () => {
	it( 'takes whole numbers from 1 to 10000 only', () => {
		expect( validateConcurrency( { max_concurrent_calls: '5' } ) ).toEqual(
			{}
		);
		for ( const bad of [ '0', '-3', '1.5', 'abc', '', '10001' ] ) {
			expect(
				Object.keys(
					validateConcurrency( { max_concurrent_calls: bad } )
				)
			).toEqual( [ 'max_concurrent_calls' ] );
		}
	} );
} );

describe( 'LimitEditor for calls in flight', () => {
	beforeEach( () => apiFetch.mockReset() );

	it( 'shows the limit, refuses a bad one without a request, and saves a good one with PATCH', async () => {
		const registry = renderEditor();
		expect( screen.getByText( /^20/ ) ).toBeTruthy();
		fireEvent.click(
			screen.getByRole( 'button', {
				name: 'Change the concurrent calls limit',
			} )
		);
		fireEvent.change( screen.getByLabelText( 'Calls in flight at once' ), {
			target: { value: '0' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect(
			screen.getByText(
				'Calls in flight at once: a whole number from 1 to 10000.'
			)
		).toBeTruthy();
		expect( apiFetch ).not.toHaveBeenCalled();

		apiFetch.mockResolvedValueOnce( { ...KEY, max_concurrent_calls: 5 } );
		fireEvent.change( screen.getByLabelText( 'Calls in flight at once' ), {
			target: { value: '5' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		await waitFor( () =>
			expect(
				screen.queryByLabelText( 'Calls in flight at once' )
			).toBeNull()
		);
		expect( apiFetch ).toHaveBeenCalledWith(
			expect.objectContaining( {
				path: '/svc-hub/v1/admin/keys/key_1',
				method: 'PATCH',
				data: { max_concurrent_calls: 5 },
			} )
		);
		expect( registry.select( store ).getNotices()[ 0 ] ).toMatchObject( {
			status: 'success',
			content:
				'API key svc_live_abcd… may now have 5 calls in flight at once.',
		} );
	} );
} );
