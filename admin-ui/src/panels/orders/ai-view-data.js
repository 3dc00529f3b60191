/*
 * The site AI view's figures from the admin routes' answers (GET /ai/statement, /credits,
 * /ai/alerts): USD stays a decimal string; sums are exact (10⁻⁸ units as BigInt).
 */

/**
 * @param {string} amount A decimal string, possibly signed ("-2.50000000").
 * @return {bigint} 10⁻⁸ USD.
 */
export function toUnits( amount ) {
	const text = String( amount ?? '0' );
	const negative = text.startsWith( '-' );
	const [ whole, fraction = '' ] = text.replace( /^[-+]/, '' ).split( '.' );
	const units =
		BigInt( whole || '0' ) * 100000000n +
		BigInt( fraction.slice( 0, 8 ).padEnd( 8, '0' ) );
	return negative ? -units : units;
}

/**
 * @param {string} amount A decimal string.
 * @return {string} "5.25 USD": cents always, further decimals only when not zero.
 */
export function usd( amount ) {
	const units = toUnits( amount );
	const sign = units < 0n ? '-' : '';
	const absolute = units < 0n ? -units : units;
	const fraction = String( absolute % 100000000n )
		.padStart( 8, '0' )
		.replace( /0+$/, '' )
		.padEnd( 2, '0' );
	return `${ sign }${ absolute / 100000000n }.${ fraction } USD`;
}

/**
 * The running allowance period: the statement's open line, or null.
 *
 * @param {Array} lines The statement's lines.
 * @return {Object|null} `{ allowance, used, overage, percent, endsAt, package }`.
 */
export function currentAllowance( lines ) {
	const open = ( lines ?? [] ).find( ( line ) => ! line.closed );
	if ( ! open ) {
		return null;
	}
	const allowance = toUnits( open.allowance );
	const spent = toUnits( open.used ) + toUnits( open.overage );
	return {
		package: open.package,
		period: open.period,
		allowance: open.allowance,
		used: open.used,
		overage: open.overage,
		percent: allowance > 0n ? Number( ( spent * 100n ) / allowance ) : 0,
		endsAt: open.ends_at,
	};
}

/**
 * What a statement line's overage is: nothing to bill, billed (by which order), or unbilled.
 *
 * @param {Object} line A statement line.
 * @return {string} `none`, `billed` or `unbilled`.
 */
export function billingState( line ) {
	if ( toUnits( line.billed ) === 0n ) {
		return 'none';
	}
	return line.billed_at ? 'billed' : 'unbilled';
}
