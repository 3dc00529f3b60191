/**
 * State of the admin screen: fetched lists and records by request key, the health answer,
 * notices, the API key shown once, and the last "test connection" outcome per provider.
 */
import { combineReducers } from '@wordpress/data';

export function lists( state = {}, action ) {
	switch ( action.type ) {
		case 'RECEIVE_LIST':
			return { ...state, [ action.key ]: action.list };
		default:
			return state;
	}
}

export function records( state = {}, action ) {
	switch ( action.type ) {
		case 'RECEIVE_RECORD':
			return { ...state, [ action.key ]: action.record };
		default:
			return state;
	}
}

export function health( state = null, action ) {
	return action.type === 'RECEIVE_HEALTH' ? action.health : state;
}

export function notices( state = [], action ) {
	switch ( action.type ) {
		case 'CREATE_NOTICE':
			return [
				...state.filter( ( notice ) => notice.id !== action.notice.id ),
				action.notice,
			];
		case 'REMOVE_NOTICE':
			return state.filter( ( notice ) => notice.id !== action.id );
		default:
			return state;
	}
}

/**
 * The API key just created (with its secret): shown once, gone when dismissed.
 *
 * @param {Object|null} state  The key shown now, if any.
 * @param {Object}      action The dispatched action.
 */
export function createdKey( state = null, action ) {
	switch ( action.type ) {
		case 'RECEIVE_CREATED_KEY':
			return action.key;
		case 'CLEAR_CREATED_KEY':
			return null;
		default:
			return state;
	}
}

/**
 * A rotated webhook secret, shown once the same way.
 *
 * @param {Object|null} state  The secret shown now, if any.
 * @param {Object}      action The dispatched action.
 */
export function rotatedSecret( state = null, action ) {
	switch ( action.type ) {
		case 'RECEIVE_ROTATED_SECRET':
			return action.secret;
		case 'CLEAR_ROTATED_SECRET':
			return null;
		default:
			return state;
	}
}

export function providerTests( state = {}, action ) {
	return action.type === 'RECEIVE_PROVIDER_TEST'
		? { ...state, [ action.result.provider ]: action.result }
		: state;
}

export default combineReducers( {
	lists,
	records,
	health,
	notices,
	createdKey,
	rotatedSecret,
	providerTests,
} );
