/**
 * A thunk that runs one `mutate` (see actions.js): most store actions are just that.
 *
 * @param {Object} change `path`, `method`, `data`, `success`.
 * @return {Function} Thunk resolving `{ result }` or `{ error }`.
 */
export function mutateAs( change ) {
	return ( { dispatch } ) => dispatch.mutate( change );
}
