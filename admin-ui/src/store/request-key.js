import { adminPath } from '../api/client';

/**
 * The key a list or record is stored under: its request path with the query.
 *
 * @param {string} path  Route below the admin namespace.
 * @param {Object} query Query arguments.
 * @return {string} The key.
 */
export const requestKey = ( path, query = {} ) => adminPath( path, query );
