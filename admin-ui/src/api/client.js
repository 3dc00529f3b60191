/**
 * The admin screen's only way to the server: `@wordpress/api-fetch` against the admin
 * namespace (and the public health route), with the REST nonce the PHP page printed.
 */
import apiFetch from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';

const settings = ( typeof window !== 'undefined' && window.svcHubAdmin ) || {};

/** `/svc-hub/v1/admin`, from the page's `svcHubAdmin.restNamespace`. */
export const ADMIN_NAMESPACE =
	'/' +
	( settings.restNamespace || 'svc-hub/v1/admin' ).replace(
		/^\/+|\/+$/g,
		''
	);

/** The public health route of the router. */
export const HEALTH_PATH = '/llm/router/v1/health';

/** Public namespaces the screen also reads (health, the image library); other paths are admin routes. */
const PUBLIC_NAMESPACES = [ '/llm/router/v1/', '/svc/v1/' ];

let configured = false;

/**
 * Adds the nonce middleware once (WordPress also registers the root URL middleware).
 *
 * @param {string} nonce The `wp_rest` nonce from `svcHubAdmin`.
 */
export function configureApiFetch( nonce = settings.nonce ) {
	if ( configured || ! nonce ) {
		return;
	}
	apiFetch.use( apiFetch.createNonceMiddleware( nonce ) );
	configured = true;
}

/**
 * A path in the admin namespace, with its query arguments.
 *
 * @param {string} path  Route below the namespace, e.g. `/keys`.
 * @param {Object} query Query arguments; empty values are left out.
 * @return {string} The apiFetch path.
 */
export function adminPath( path, query = {} ) {
	const args = Object.fromEntries(
		Object.entries( query ).filter(
			( [ , value ] ) =>
				value !== undefined && value !== null && value !== ''
		)
	);
	const full = PUBLIC_NAMESPACES.some( ( namespace ) =>
		path.startsWith( namespace )
	)
		? path
		: ADMIN_NAMESPACE + path;
	return addQueryArgs( full, args );
}

/**
 * The WordPress error shape `{ code, message, params }` from whatever apiFetch threw
 * (a parsed error body, an unparsed Response with `parse: false`, or a network failure).
 *
 * @param {*} error What apiFetch rejected with.
 * @return {Promise<{code: string, message: string, params: Object, status: number|null, body: *}>} The error.
 */
export async function readError( error ) {
	let body = error;
	if ( error && typeof error.json === 'function' ) {
		try {
			body = await error.json();
		} catch {
			body = {
				code: 'invalid_json',
				message: `The server answered HTTP ${ error.status } without a readable body.`,
			};
		}
	}
	const message =
		body && typeof body.message === 'string' && body.message !== ''
			? body.message
			: 'The request failed; the server could not be reached.';
	return {
		code: ( body && body.code ) || 'fetch_error',
		message,
		params: ( body && body.data && body.data.params ) || {},
		status:
			( body && body.data && body.data.status ) || error?.status || null,
		body,
	};
}

/**
 * One JSON request; resolves with the parsed answer.
 *
 * @param {string} path           Route below the admin namespace.
 * @param {Object} options        The request's options.
 * @param {string} options.method HTTP method (GET when left out).
 * @param {*}      options.data   JSON body, if any.
 * @param {*}      options.body   A body sent as it is (a FormData upload), if any.
 * @param {Object} options.query  Query arguments; empty values are left out.
 * @return {Promise<*>} The answer's JSON.
 */
export function request( path, { method = 'GET', data, body, query } = {} ) {
	return apiFetch( {
		path: adminPath( path, query ),
		method,
		...( data === undefined ? {} : { data } ),
		...( body === undefined ? {} : { body } ),
	} );
}

/**
 * A list route: `{ items, total, totalPages }`, from the body and the X-WP-Total headers
 * (lists that do not paginate count their items).
 *
 * @param {string} path  Route below the admin namespace.
 * @param {Object} query Filters, `page`, `per_page`.
 * @return {Promise<{items: Array, total: number, totalPages: number}>} One page.
 */
export async function requestList( path, query = {} ) {
	const response = await apiFetch( {
		path: adminPath( path, query ),
		parse: false,
	} );
	const body = await response.json();
	const items = Array.isArray( body.data ) ? body.data : [];
	const total = Number(
		response.headers.get( 'X-WP-Total' ) ?? items.length
	);
	const totalPages = Number( response.headers.get( 'X-WP-TotalPages' ) ?? 1 );
	return { items, total, totalPages: Math.max( 1, totalPages ) };
}
