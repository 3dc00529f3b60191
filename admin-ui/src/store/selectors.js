import { requestKey } from './request-key';

/**
 * One page of a list route, `{ items, total, totalPages, error? }`; null until fetched.
 *
 * @param {Object} state Store state.
 * @param {string} path  Route below the admin namespace, e.g. `/keys`.
 * @param {Object} query Filters, `page`, `per_page`.
 * @return {Object|null} The page.
 */
export function getList( state, path, query = {} ) {
	return state.lists[ requestKey( path, query ) ] ?? null;
}

/**
 * One object route (an order, a delivery, the usage report); null until fetched.
 *
 * @param {Object} state Store state.
 * @param {string} path  Route below the admin namespace.
 * @param {Object} query Query arguments.
 * @return {Object|null} `{ data }` or `{ error }`.
 */
export function getRecord( state, path, query = {} ) {
	return state.records[ requestKey( path, query ) ] ?? null;
}

/**
 * The public health answer `{ status, checks }` (also when the router reports "down").
 *
 * @param {Object} state The store's state.
 */
export const getHealth = ( state ) => state.health;

export const getNotices = ( state ) => state.notices;

export const getCreatedKey = ( state ) => state.createdKey;

export const getRotatedSecret = ( state ) => state.rotatedSecret;

export const getProviderTest = ( state, provider ) =>
	state.providerTests[ provider ] ?? null;
