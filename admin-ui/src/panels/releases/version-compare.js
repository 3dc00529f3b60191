/*
 * PHP's version_compare(), as the hub compares release versions (docs/commerce.md "Releases and
 * updates"): `-`, `_` and `+` become `.`, a `.` goes between a digit and a letter, then part by
 * part: numbers as numbers, special forms ranked dev < alpha = a < beta = b < RC = rc < number
 * < pl = p, anything else below dev. The worker's own copy decides; this one orders the screen.
 */
const SPECIAL = {
	dev: 0,
	alpha: 1,
	a: 1,
	beta: 2,
	b: 2,
	RC: 3,
	rc: 3,
	'#': 4,
	pl: 5,
	p: 5,
};

function canonical( version ) {
	return String( version )
		.replace( /[-_+]/g, '.' )
		.replace( /(\d)(?=[^\d.])/g, '$1.' )
		.replace( /([^\d.])(?=\d)/g, '$1.' )
		.split( '.' )
		.filter( ( part ) => part !== '' );
}

const isNumber = ( part ) => /^\d+$/.test( part );
const rank = ( part ) =>
	Object.prototype.hasOwnProperty.call( SPECIAL, part )
		? SPECIAL[ part ]
		: -6;

function comparePart( left, right ) {
	if ( isNumber( left ) && isNumber( right ) ) {
		return Math.sign( Number( left ) - Number( right ) );
	}
	if ( ! isNumber( left ) && ! isNumber( right ) ) {
		return Math.sign( rank( left ) - rank( right ) );
	}
	return isNumber( left )
		? Math.sign( rank( '#' ) - rank( right ) )
		: Math.sign( rank( left ) - rank( '#' ) );
}

/**
 * @param {string} left  A version.
 * @param {string} right Another.
 * @return {number} -1, 0 or 1, as PHP's version_compare( left, right ).
 */
export function compareVersions( left, right ) {
	const a = canonical( left );
	const b = canonical( right );
	for ( let index = 0; index < Math.min( a.length, b.length ); index += 1 ) {
		const result = comparePart( a[ index ], b[ index ] );
		if ( result !== 0 ) {
			return result;
		}
	}
	if ( a.length === b.length ) {
		return 0;
	}
	const longer = a.length > b.length ? a[ b.length ] : b[ a.length ];
	const sign = a.length > b.length ? 1 : -1;
	return isNumber( longer )
		? sign
		: sign * Math.sign( rank( longer ) - rank( '#' ) );
}
