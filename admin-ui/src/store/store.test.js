import apiFetch from '@wordpress/api-fetch';
import { createRegistry } from '@wordpress/data';
import { store } from './index';

jest.mock( '@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	fetch.use = jest.fn();
	fetch.createNonceMiddleware = jest.fn();
	return { __esModule: true, default: fetch };
} );

/**
 * What apiFetch resolves with when called with `parse: false`.
 *
 * @param {Array}  data    The list's items.
 * @param {Object} headers Response headers by name.
 */
const listResponse = ( data, headers = {} ) => ( {
	json: async () => ( { object: 'list', data } ),
	headers: { get: ( name ) => headers[ name ] ?? null },
} );

/**
 * A settled resolver: wait until the selector has finished resolving.
 *
 * @param {Object} registry The data registry.
 * @param {string} selector Selector name.
 * @param {...*}   args     The selector's arguments.
 */
async function resolved( registry, selector, ...args ) {
	return registry.resolveSelect( store )[ selector ]( ...args );
}

let registry;

beforeEach( () => {
	apiFetch.mockReset();
	registry = createRegistry();
	registry.register( store );
} );

describe( 'lists', () => {
	it( 'fetches a page with parse: false and reads the totals from the X-WP headers', async () => {
		apiFetch.mockResolvedValueOnce(
			listResponse( [ { id: 'key_1' } ], {
				'X-WP-Total': '41',
				'X-WP-TotalPages': '3',
			} )
		);
		const list = await resolved( registry, 'getList', '/keys', {
			page: 2,
			per_page: 20,
		} );
		expect( apiFetch ).toHaveBeenCalledWith( {
			path: '/svc-hub/v1/admin/keys?page=2&per_page=20',
			parse: false,
		} );
		expect( list ).toEqual( {
			items: [ { id: 'key_1' } ],
			total: 41,
			totalPages: 3,
		} );
	} );

	it( 'counts the items of a list that does not paginate, and leaves empty filters out', async () => {
		apiFetch.mockResolvedValueOnce(
			listResponse( [ { name: 'openai' }, { name: 'mock' } ] )
		);
		const list = await resolved( registry, 'getList', '/orders', {
			site_url: '',
			status: 'paid',
		} );
		expect( apiFetch.mock.calls[ 0 ][ 0 ].path ).toBe(
			'/svc-hub/v1/admin/orders?status=paid'
		);
		expect( list ).toMatchObject( { total: 2, totalPages: 1 } );
	} );

	it( "keeps the API's error message when a list cannot be read", async () => {
		apiFetch.mockRejectedValueOnce( {
			json: async () => ( {
				code: 'svc_invalid_request',
				message: 'per_page must be an integer from 1 to 100',
				data: { status: 400 },
			} ),
			status: 400,
		} );
		const list = await resolved( registry, 'getList', '/keys', {
			per_page: 500,
		} );
		expect( list.items ).toEqual( [] );
		expect( list.error ).toMatchObject( {
			code: 'svc_invalid_request',
			message: 'per_page must be an integer from 1 to 100',
			status: 400,
		} );
	} );
} );

describe( 'mutate', () => {
	it( 'shows the success, refetches what is on screen and resolves the result', async () => {
		apiFetch.mockResolvedValueOnce( listResponse( [] ) );
		await resolved( registry, 'getList', '/keys' );
		apiFetch.mockResolvedValueOnce( {
			id: 'key_1',
			prefix: 'svc_live_abcd…',
			status: 'revoked',
		} );
		const outcome = await registry
			.dispatch( store )
			.revokeKey( { id: 'key_1', prefix: 'svc_live_abcd…' } );
		expect( apiFetch ).toHaveBeenLastCalledWith( {
			path: '/svc-hub/v1/admin/keys/key_1/revoke',
			method: 'POST',
		} );
		expect( outcome.result.status ).toBe( 'revoked' );
		expect( registry.select( store ).getNotices() ).toEqual( [
			expect.objectContaining( {
				status: 'success',
				content: 'API key svc_live_abcd… revoked.',
			} ),
		] );
		apiFetch.mockResolvedValueOnce(
			listResponse( [ { id: 'key_1', status: 'revoked' } ] )
		);
		const refetched = await resolved( registry, 'getList', '/keys' );
		expect( refetched.items ).toEqual( [
			{ id: 'key_1', status: 'revoked' },
		] );
	} );

	it( "shows the API's error message and resolves the error with its params", async () => {
		apiFetch.mockRejectedValueOnce( {
			code: 'svc_invalid_request',
			message: 'The request is invalid: site_url, team.',
			data: {
				status: 400,
				params: {
					site_url: 'must be an absolute http(s) URL',
					team: 'is required',
				},
			},
		} );
		const outcome = await registry
			.dispatch( store )
			.createKey( { site_url: 'nope' } );
		expect( outcome.error.params ).toEqual( {
			site_url: 'must be an absolute http(s) URL',
			team: 'is required',
		} );
		expect( registry.select( store ).getNotices() ).toEqual( [
			expect.objectContaining( {
				status: 'error',
				content: 'The request is invalid: site_url, team.',
			} ),
		] );
		expect( registry.select( store ).getCreatedKey() ).toBeNull();
	} );

	it( 'says so when the server cannot be reached', async () => {
		apiFetch.mockRejectedValueOnce( {
			code: 'fetch_error',
			message: 'You are probably offline.',
		} );
		await registry.dispatch( store ).removeProvider( 'openai' );
		expect( registry.select( store ).getNotices()[ 0 ] ).toMatchObject( {
			status: 'error',
			content: 'You are probably offline.',
		} );
	} );
} );

describe( 'domain actions', () => {
	it( 'keeps a created key (shown once) until it is cleared', async () => {
		apiFetch.mockResolvedValueOnce( {
			id: 'key_1',
			prefix: 'svc_live_abcd…',
			key: 'svc_live_secret',
			webhook_secret: 'whsec_x',
			site_url: 'https://a.example',
		} );
		await registry
			.dispatch( store )
			.createKey( { site_url: 'https://a.example', team: 'ops' } );
		expect( apiFetch ).toHaveBeenCalledWith( {
			path: '/svc-hub/v1/admin/keys',
			method: 'POST',
			data: { site_url: 'https://a.example', team: 'ops' },
		} );
		expect( registry.select( store ).getCreatedKey().key ).toBe(
			'svc_live_secret'
		);
		registry.dispatch( store ).clearCreatedKey();
		expect( registry.select( store ).getCreatedKey() ).toBeNull();
	} );

	it( 'keeps the slashes of a model id in the price path', async () => {
		apiFetch.mockResolvedValueOnce( {
			model: 'openrouter/openai/gpt-4o-mini',
			input_per_mtok: 1,
			output_per_mtok: 2,
			currency: 'USD',
		} );
		await registry
			.dispatch( store )
			.savePrice( 'openrouter/openai/gpt-4o-mini', {
				input_per_mtok: 1,
				output_per_mtok: 2,
			} );
		expect( apiFetch.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			path: '/svc-hub/v1/admin/prices/openrouter/openai/gpt-4o-mini',
			method: 'PUT',
		} );
	} );

	it( 'records a failed provider test as an error notice and keeps the outcome for the card', async () => {
		apiFetch.mockResolvedValueOnce( {
			object: 'provider_test',
			provider: 'openai',
			model: 'openai/gpt-4o-mini',
			ok: false,
			latency_ms: 12,
			error: {
				code: 'svc_upstream_error',
				message: 'The model provider openai answered HTTP 401.',
				upstream_status: 401,
			},
		} );
		await registry.dispatch( store ).testProvider( 'openai' );
		expect( registry.select( store ).getProviderTest( 'openai' ).ok ).toBe(
			false
		);
		expect( registry.select( store ).getNotices()[ 0 ] ).toMatchObject( {
			status: 'error',
			content:
				'openai test failed: The model provider openai answered HTTP 401.',
		} );
	} );

	it( "shows a saved package's warnings as warning notices after the success", async () => {
		const message =
			'WooCommerce on this site has no product with the id 999: checkout of "seo" will fail until woo_product_id names an existing product.';
		apiFetch.mockResolvedValueOnce( {
			package_id: 'seo',
			warnings: [
				{
					code: 'svc_woo_product_missing',
					field: 'woo_product_id',
					message,
				},
			],
		} );
		const outcome = await registry
			.dispatch( store )
			.savePackage( { package_id: 'seo', woo_product_id: 999 }, true );
		expect( outcome.result.package_id ).toBe( 'seo' );
		expect(
			registry
				.select( store )
				.getNotices()
				.map( ( notice ) => [ notice.status, notice.content ] )
		).toEqual( [
			[ 'success', 'Package seo created.' ],
			[ 'warning', message ],
		] );
	} );

	it( 'sends an entitlement switch with its reason to the status route', async () => {
		apiFetch.mockResolvedValueOnce( {
			site_url: 'https://a.example',
			status: 'suspended',
			expires_at: null,
			changed: true,
		} );
		await registry.dispatch( store ).switchEntitlement( {
			site_url: 'https://a.example',
			package_id: null,
			status: 'suspended',
			reason: 'unpaid',
		} );
		expect( apiFetch ).toHaveBeenCalledWith( {
			path: '/svc-hub/v1/admin/entitlements/status',
			method: 'POST',
			data: {
				site_url: 'https://a.example',
				package_id: null,
				status: 'suspended',
				reason: 'unpaid',
			},
		} );
		expect( registry.select( store ).getNotices()[ 0 ].content ).toBe(
			'Entitlement of https://a.example is suspended (expires never).'
		);
	} );

	it( 'reads the health answer also when the router reports down (503)', async () => {
		apiFetch.mockRejectedValueOnce( {
			status: 'down',
			checks: { database: { status: 'down' } },
		} );
		const health = await resolved( registry, 'getHealth' );
		expect( apiFetch.mock.calls[ 0 ][ 0 ].path ).toBe(
			'/llm/router/v1/health'
		);
		expect( health ).toMatchObject( {
			status: 'down',
			checks: { database: { status: 'down' } },
		} );
	} );

	it( 'removes a dismissed notice', () => {
		registry.dispatch( store ).createNotice( 'success', 'one' );
		const [ notice ] = registry.select( store ).getNotices();
		registry.dispatch( store ).removeNotice( notice.id );
		expect( registry.select( store ).getNotices() ).toEqual( [] );
	} );
} );
