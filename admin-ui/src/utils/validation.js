/*
 * Checks the forms share. Each mirrors the worker's own rule so a mistake is named next to
 * its field before anything is sent; the worker checks again (its `data.params` are shown
 * the same way).
 */
import { __ } from '@wordpress/i18n';

/**
 * @param {string} value Text.
 * @return {boolean} Whether it is an absolute http(s) URL.
 */
export function isHttpUrl( value ) {
	try {
		const url = new URL( String( value ).trim() );
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/**
 * @param {*}      value Text from a number field.
 * @param {number} min   Smallest allowed.
 * @param {number} max   Largest allowed.
 * @return {boolean} Whether it is a whole number within [min, max].
 */
export function isIntegerBetween( value, min, max ) {
	const text = String( value ).trim();
	return (
		/^\d+$/.test( text ) && Number( text ) >= min && Number( text ) <= max
	);
}

/**
 * @param {string} value Comma- or line-separated feature codes.
 * @return {string[]} The codes, trimmed, without empties and duplicates.
 */
export function splitList( value ) {
	return [
		...new Set(
			String( value ?? '' )
				.split( /[\s,]+/ )
				.map( ( item ) => item.trim() )
				.filter( Boolean )
		),
	];
}

export const FEATURE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/**
 * @param {string} value Comma-separated feature codes.
 * @return {string|undefined} The problem, if any.
 */
export function featuresProblem( value ) {
	const features = splitList( value );
	if ( features.length === 0 ) {
		return __(
			'Give at least one feature code, e.g. llm.chat.',
			'svc-hub'
		);
	}
	if ( features.some( ( feature ) => ! FEATURE_PATTERN.test( feature ) ) ) {
		return __(
			'Feature codes are lower-case letters, digits and . _ - (e.g. llm.chat).',
			'svc-hub'
		);
	}
	return undefined;
}

/**
 * Drops the fields without a problem.
 *
 * @param {Object} problems `{ field: message|undefined }`.
 * @return {Object} Only the fields with a message.
 */
export function onlyProblems( problems ) {
	return Object.fromEntries(
		Object.entries( problems ).filter( ( [ , message ] ) => message )
	);
}
