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
	return useSelect(
		( select ) => ( path ? select( store ).getList( path, query ) : null ),
		[ path, JSON.stringify( query ) ]
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
	return useSelect(
		( select ) =>
			path ? select( store ).getRecord( path, query ) : null,
		[ path, JSON.stringify( query ) ]
	);
}
