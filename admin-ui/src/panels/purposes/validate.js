import { sprintf, __ } from '@wordpress/i18n';

export const PURPOSE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The model's kind, or null when no such model exists (mirrors the worker's catalog lookup).
 *
 * @param {string}   id            `<provider>/<model>`.
 * @param {Array}    knownModels   Models from GET /models.
 * @param {string[]} openProviders Providers that accept any model name (GET /providers `open_models`).
 * @return {string|null} `chat`, `embeddings` or null.
 */
export function modelKind( id, knownModels, openProviders = [] ) {
	const known = knownModels.find( ( model ) => model.id === id );
	if ( known ) {
		return known.capabilities[ 0 ];
	}
	const slash = id.indexOf( '/' );
	if (
		slash <= 0 ||
		slash === id.length - 1 ||
		! openProviders.includes( id.slice( 0, slash ) )
	) {
		return null;
	}
	return /embed/i.test( id.slice( slash + 1 ) ) ? 'embeddings' : 'chat';
}

/**
 * A model about to be added to a purpose.
 *
 * @param {string}   id            Typed model id.
 * @param {Array}    models        The purpose's current list.
 * @param {Array}    knownModels   Models from GET /models.
 * @param {string[]} openProviders Providers that accept any model name.
 * @return {string|undefined} The problem, if any.
 */
export function newModelProblem( id, models, knownModels, openProviders = [] ) {
	const model = id.trim();
	if ( ! modelKind( model, knownModels, openProviders ) ) {
		return sprintf(
			/* translators: %s: model id (provider/model). */
			__(
				'No model "%s" exists; pick one from the list (provider/model).',
				'svc-hub'
			),
			model
		);
	}
	if ( models.includes( model ) ) {
		return sprintf(
			/* translators: %s: model id (provider/model). */ __(
				'%s is already in the list.',
				'svc-hub'
			),
			model
		);
	}
	return undefined;
}

/**
 * The whole purpose before it is saved: a name, 1 to 10 existing models of one kind.
 *
 * @param {Object}   values        `{ purpose, models }`.
 * @param {Array}    knownModels   Models from GET /models.
 * @param {string[]} openProviders Providers that accept any model name.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validatePurpose( values, knownModels, openProviders = [] ) {
	const kindOf = ( id ) => modelKind( id, knownModels, openProviders );
	const problems = {};
	if ( ! PURPOSE_PATTERN.test( values.purpose ) ) {
		problems.purpose = __(
			'Lower-case letters, digits and - (up to 64).',
			'svc-hub'
		);
	}
	const unknown = values.models.filter( ( id ) => ! kindOf( id ) );
	if ( values.models.length === 0 || values.models.length > 10 ) {
		problems.models = __( 'A purpose has 1 to 10 models.', 'svc-hub' );
	} else if ( unknown.length > 0 ) {
		problems.models = sprintf(
			/* translators: %s: the unknown model ids, comma-separated. */
			__( 'Unknown model(s): %s.', 'svc-hub' ),
			unknown.join( ', ' )
		);
	} else if ( new Set( values.models.map( kindOf ) ).size > 1 ) {
		problems.models = __(
			'All chat models or all embedding models, not both.',
			'svc-hub'
		);
	}
	return problems;
}

/**
 * @param {Array}  models The list.
 * @param {number} index  Item to move.
 * @param {number} offset -1 (up) or 1 (down).
 * @return {Array} A new list with the item moved (unchanged at the ends).
 */
export function moveModel( models, index, offset ) {
	const target = index + offset;
	if ( target < 0 || target >= models.length ) {
		return models;
	}
	const next = [ ...models ];
	[ next[ index ], next[ target ] ] = [ next[ target ], next[ index ] ];
	return next;
}
