import { readError, request, requestList, HEALTH_PATH } from '../api/client';
import { requestKey } from './request-key';

/*
 * Resolvers: the first `getList`/`getRecord`/`getHealth` of a key fetches it. A failure is
 * stored (`{ error }`) so the panel can say what went wrong instead of spinning.
 */

export const getList =
	( path, query = {} ) =>
	async ( { dispatch } ) => {
		try {
			dispatch.receiveList(
				requestKey( path, query ),
				await requestList( path, query )
			);
		} catch ( error ) {
			dispatch.receiveList( requestKey( path, query ), {
				items: [],
				total: 0,
				totalPages: 1,
				error: await readError( error ),
			} );
		}
	};

export const getRecord =
	( path, query = {} ) =>
	async ( { dispatch } ) => {
		try {
			dispatch.receiveRecord( requestKey( path, query ), {
				data: await request( path, { query } ),
			} );
		} catch ( error ) {
			dispatch.receiveRecord( requestKey( path, query ), {
				error: await readError( error ),
			} );
		}
	};

export const getHealth =
	() =>
	async ( { dispatch } ) => {
		try {
			dispatch.receiveHealth( await request( HEALTH_PATH ) );
		} catch ( error ) {
			const failure = await readError( error );
			// 503 "down" still carries the checks; anything else is reported as unreachable.
			dispatch.receiveHealth(
				failure.body && failure.body.checks
					? failure.body
					: { status: 'down', checks: {}, error: failure }
			);
		}
	};
