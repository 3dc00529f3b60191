import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import {
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import { store } from '../../store';
import PurposeEditor from './purpose-editor';
import { modelKind, moveModel, validatePurpose } from './validate';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	return { __esModule: true, default: fetch };
} );

const KNOWN = [
	{ id: 'openai/gpt-4o-mini', capabilities: [ 'chat' ] },
	{ id: 'anthropic/claude-3-5-haiku-latest', capabilities: [ 'chat' ] },
	{ id: 'openai/text-embedding-3-small', capabilities: [ 'embeddings' ] },
];
/** What GET /providers says accept any model name (the screen keeps no list of its own). */
const OPEN = [ 'ollama', 'compat' ];

describe( 'purpose validation', () => {
	it( 'knows catalog models and any model of a provider the worker lists as open-model', () => {
		expect( modelKind( 'openai/gpt-4o-mini', KNOWN, OPEN ) ).toBe( 'chat' );
		expect( modelKind( 'ollama/nomic-embed-text', KNOWN, OPEN ) ).toBe(
			'embeddings'
		);
		expect( modelKind( 'compat/my-model', KNOWN, OPEN ) ).toBe( 'chat' );
		expect( modelKind( 'openai/gpt-9', KNOWN, OPEN ) ).toBeNull();
		expect( modelKind( 'openrouter/any/model', KNOWN, OPEN ) ).toBeNull();
		expect(
			modelKind( 'openrouter/any/model', KNOWN, [ 'openrouter' ] )
		).toBe( 'chat' );
	} );

	it( 'refuses unknown models, an empty list, mixed kinds and a bad name', () => {
		expect(
			validatePurpose(
				{ purpose: 'care', models: [ 'openai/gpt-9' ] },
				KNOWN
			).models
		).toBe( 'Unknown model(s): openai/gpt-9.' );
		expect(
			validatePurpose( { purpose: 'care', models: [] }, KNOWN ).models
		).toBe( 'A purpose has 1 to 10 models.' );
		expect(
			validatePurpose(
				{
					purpose: 'care',
					models: [
						'openai/gpt-4o-mini',
						'openai/text-embedding-3-small',
					],
				},
				KNOWN
			).models
		).toBe( 'All chat models or all embedding models, not both.' );
		expect(
			validatePurpose(
				{ purpose: 'Care!', models: [ 'openai/gpt-4o-mini' ] },
				KNOWN
			)
		).toEqual( {
			purpose: 'Lower-case letters, digits and - (up to 64).',
		} );
	} );

	it( 'moves a model up and down, not past the ends', () => {
		expect( moveModel( [ 'a', 'b', 'c' ], 2, -1 ) ).toEqual( [
			'a',
			'c',
			'b',
		] );
		expect( moveModel( [ 'a', 'b' ], 0, -1 ) ).toEqual( [ 'a', 'b' ] );
	} );
} );

describe( 'PurposeEditor', () => {
	const purpose = {
		purpose: 'customer-care',
		description: 'Support',
		models: [ 'openai/gpt-4o-mini' ],
		shipped: true,
	};

	function renderEditor() {
		const registry = createRegistry();
		registry.register( store );
		render(
			<RegistryProvider value={ registry }>
				<PurposeEditor
					purpose={ purpose }
					knownModels={ KNOWN }
					openProviders={ OPEN }
				/>
			</RegistryProvider>
		);
	}

	beforeEach( () => apiFetch.mockReset() );

	it( 'refuses to add a model that does not exist', () => {
		renderEditor();
		fireEvent.change( screen.getByLabelText( 'Add a model' ), {
			target: { value: 'openai/gpt-9' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Add' } ) );
		expect(
			screen.getByText(
				'No model "openai/gpt-9" exists; pick one from the list (provider/model).'
			)
		).toBeTruthy();
		expect(
			screen.queryByText( 'openai/gpt-9', { selector: 'code' } )
		).toBeNull();
	} );

	it( 'adds a fallback, moves it first and saves the new order', async () => {
		renderEditor();
		apiFetch.mockResolvedValueOnce( {
			purpose: 'customer-care',
			models: [
				'anthropic/claude-3-5-haiku-latest',
				'openai/gpt-4o-mini',
			],
		} );
		fireEvent.change( screen.getByLabelText( 'Add a model' ), {
			target: { value: 'anthropic/claude-3-5-haiku-latest' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Add' } ) );
		fireEvent.click(
			screen.getByRole( 'button', {
				name: 'Move anthropic/claude-3-5-haiku-latest up',
			} )
		);
		const items = within( screen.getByRole( 'list' ) ).getAllByRole(
			'listitem'
		);
		expect(
			items.map( ( item ) => item.getAttribute( 'data-model' ) )
		).toEqual( [
			'anthropic/claude-3-5-haiku-latest',
			'openai/gpt-4o-mini',
		] );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save purpose' } )
		);
		await waitFor( () => expect( apiFetch ).toHaveBeenCalled() );
		expect( apiFetch.mock.calls[ 0 ][ 0 ] ).toEqual( {
			path: '/svc-hub/v1/admin/purposes/customer-care',
			method: 'PUT',
			data: {
				models: [
					'anthropic/claude-3-5-haiku-latest',
					'openai/gpt-4o-mini',
				],
				description: 'Support',
			},
		} );
	} );

	it( 'adds any model of an open-model provider the worker names', () => {
		renderEditor();
		fireEvent.change( screen.getByLabelText( 'Add a model' ), {
			target: { value: 'compat/my-local-model' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Add' } ) );
		expect(
			within( screen.getByRole( 'list' ) )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.getAttribute( 'data-model' ) )
		).toEqual( [ 'openai/gpt-4o-mini', 'compat/my-local-model' ] );
	} );

	it( 'does not save an empty list', () => {
		renderEditor();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove openai/gpt-4o-mini' } )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save purpose' } )
		);
		expect(
			screen.getByText( 'A purpose has 1 to 10 models.' )
		).toBeTruthy();
		expect( apiFetch ).not.toHaveBeenCalled();
	} );
} );
