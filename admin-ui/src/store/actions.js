/**
 * Plain actions, and `mutate`: the one thunk every change goes through. It calls the API,
 * shows the outcome as a notice (the API's own message on failure), refetches what is on
 * screen after a success, and resolves `{ result }` or `{ error }` so a form keeps its
 * values when the save failed.
 */
import { readError, request } from '../api/client';

let noticeSequence = 0;

export const receiveList = ( key, list ) => ( {
	type: 'RECEIVE_LIST',
	key,
	list,
} );

export const receiveRecord = ( key, record ) => ( {
	type: 'RECEIVE_RECORD',
	key,
	record,
} );

export const receiveHealth = ( health ) => ( {
	type: 'RECEIVE_HEALTH',
	health,
} );

export const receiveCreatedKey = ( key ) => ( {
	type: 'RECEIVE_CREATED_KEY',
	key,
} );

export const clearCreatedKey = () => ( { type: 'CLEAR_CREATED_KEY' } );

export const receiveRotatedSecret = ( secret ) => ( {
	type: 'RECEIVE_ROTATED_SECRET',
	secret,
} );

export const clearRotatedSecret = () => ( { type: 'CLEAR_ROTATED_SECRET' } );

export const receiveProviderTest = ( result ) => ( {
	type: 'RECEIVE_PROVIDER_TEST',
	result,
} );

/**
 * @param {string} status  `success`, `error`, `warning` or `info`.
 * @param {string} content The message.
 * @return {Object} Action.
 */
export function createNotice( status, content ) {
	noticeSequence += 1;
	return {
		type: 'CREATE_NOTICE',
		notice: { id: `notice-${ noticeSequence }`, status, content },
	};
}

export const removeNotice = ( id ) => ( { type: 'REMOVE_NOTICE', id } );

/** Forget every fetched list, record and the health answer, so what is on screen is fetched again. */
export const refresh =
	() =>
	( { dispatch } ) => {
		dispatch.invalidateResolutionForStoreSelector( 'getList' );
		dispatch.invalidateResolutionForStoreSelector( 'getRecord' );
		dispatch.invalidateResolutionForStoreSelector( 'getHealth' );
	};

/**
 * One change through the API.
 *
 * @param {Object}   change
 * @param {string}   change.path    Route below the admin namespace.
 * @param {string}   change.method  HTTP method.
 * @param {Object}   change.data    JSON body.
 * @param {FormData} change.body    A multipart body instead (an upload).
 * @param {Function} change.success `( result ) => message` for the success notice.
 * @return {Function} Thunk resolving `{ result }` or `{ error: { code, message, params } }`.
 */
export const mutate =
	( { path, method = 'POST', data, body, success } ) =>
	async ( { dispatch } ) => {
		try {
			const result = await request( path, { method, data, body } );
			dispatch.createNotice( 'success', success( result ) );
			dispatch.refresh();
			return { result };
		} catch ( thrown ) {
			const error = await readError( thrown );
			dispatch.createNotice( 'error', error.message );
			return { error };
		}
	};
