import { __ } from '@wordpress/i18n';
import { onlyProblems } from '../../utils/validation';

/**
 * What the hub stores (DECIMAL(12,6), docs/api-notes.md "Money and counts"): a plain decimal
 * below a million with at most six decimals, no sign, exponent or leading zero.
 */
const PRICE = /^(0|[1-9]\d{0,5})(\.\d{1,6})?$/;

const priceProblem = ( value ) =>
	PRICE.test( String( value ).trim() )
		? undefined
		: __(
				'USD per million tokens: a plain number from 0 to 999999.999999, at most 6 decimals.',
				'svc-hub'
			);

/**
 * @param {Object} values `{ input_per_mtok, output_per_mtok, cache_read_per_mtok, cache_write_per_mtok }` as typed.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validatePrice( values ) {
	return onlyProblems( {
		input_per_mtok: priceProblem( values.input_per_mtok ),
		output_per_mtok: priceProblem( values.output_per_mtok ),
		cache_read_per_mtok: priceProblem( values.cache_read_per_mtok ),
		cache_write_per_mtok: priceProblem( values.cache_write_per_mtok ),
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
		cache_read_per_mtok: Number( values.cache_read_per_mtok ),
		cache_write_per_mtok: Number( values.cache_write_per_mtok ),
	};
}
