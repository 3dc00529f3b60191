import { __ } from '@wordpress/i18n';
import { onlyProblems } from '../../utils/validation';

const priceProblem = ( value ) => {
	const text = String( value ).trim();
	const number = Number( text );
	return text === '' || ! /^\d+(\.\d+)?$/.test( text ) || number > 1000000
		? __( 'USD per million tokens: a number, 0 or more.', 'svc-hub' )
		: undefined;
};

/**
 * @param {Object} values `{ input_per_mtok, output_per_mtok }` as typed.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validatePrice( values ) {
	return onlyProblems( {
		input_per_mtok: priceProblem( values.input_per_mtok ),
		output_per_mtok: priceProblem( values.output_per_mtok ),
	} );
}

/**
 * @param {Object} values The form (valid).
 * @return {Object} The body of PUT /prices/:model.
 */
export function pricePayload( values ) {
	return {
		input_per_mtok: Number( values.input_per_mtok ),
		output_per_mtok: Number( values.output_per_mtok ),
	};
}
