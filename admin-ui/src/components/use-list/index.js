import { useSelect } from '@wordpress/data';
import { store } from '../../store';

/**
 * One page of a list route from the store (fetched on first use; null while loading).
 *
 * @param {string|null} path  Route below the admin namespace; null reads nothing.
 * @param {Object}      query Filters, `page`, `per_page`.
 * @return {Object|null} `{ items, total, totalPages, error? }`.
 */
export function useList( path, query = {} ) {
	// The query is compared by value: callers pass a new object on every render.
	const queryKey = JSON.stringify( query );
	return useSelect(
		( select ) =>
			path
				? select( store ).getList( path, JSON.parse( queryKey ) )
				: null,
		[ path, queryKey ]
	);
}

/**
 * One object route from the store (null while loading).
 *
 * @param {string|null} path  Route below the admin namespace; null reads nothing.
 * @param {Object}      query Query arguments.
 * @return {Object|null} `{ data }` or `{ error }`.
 */
export function useRecord( path, query = {} ) {
	const queryKey = JSON.stringify( query );
	return useSelect(
		( select ) =>
			path
				? select( store ).getRecord( path, JSON.parse( queryKey ) )
				: null,
		[ path, queryKey ]
	);
}
