/**
 * The spend report's rows as the screen shows them (docs/api-notes.md "Spend reports"):
 * amounts stay the report's exact decimal strings; sums for the chart are made in integer
 * 10⁻⁸ USD (BigInt), never floats.
 */

const UNITS = 100000000n;

/**
 * @param {string} amount USD with up to 8 decimals, e.g. "1.23456789" or "-0.5".
 * @return {bigint} 10⁻⁸ USD.
 */
export function toUnits( amount ) {
	const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec( String( amount ) );
	if ( ! match ) {
		return 0n;
	}
	const units =
		BigInt( match[ 2 ] ) * UNITS +
		BigInt( ( match[ 3 ] || '' ).padEnd( 8, '0' ) );
	return match[ 1 ] ? -units : units;
}

/**
 * @param {bigint} units 10⁻⁸ USD.
 * @return {string} "1.23456789".
 */
export function fromUnits( units ) {
	const sign = units < 0n ? '-' : '';
	const absolute = units < 0n ? -units : units;
	return `${ sign }${ absolute / UNITS }.${ String( absolute % UNITS ).padStart( 8, '0' ) }`;
}

/**
 * A row's label for the report's first dimension: a customer by name, "—" for none.
 *
 * @param {Object} row       A report row.
 * @param {string} dimension The dimension.
 * @return {string} Label.
 */
export function labelOf( row, dimension ) {
	const value = row.group[ dimension ];
	if ( dimension === 'customer' && value ) {
		return row.customer_name || value;
	}
	return value || '—';
}

/**
 * One bar pair per value of the first dimension: cost and billed summed over the rest.
 *
 * @param {Object[]} rows The report's rows.
 * @param {string}   by   The first dimension.
 * @return {Array<{label: string, cost: string, billed: string, margin: string}>} In the report's order.
 */
export function barsOf( rows, by ) {
	const bars = new Map();
	for ( const row of rows ) {
		const label = labelOf( row, by );
		const bar = bars.get( label ) || { cost: 0n, billed: 0n };
		bar.cost += toUnits( row.cost );
		bar.billed += toUnits( row.billed );
		bars.set( label, bar );
	}
	return [ ...bars ].map( ( [ label, { cost, billed } ] ) => ( {
		label,
		cost: fromUnits( cost ),
		billed: fromUnits( billed ),
		margin: fromUnits( billed - cost ),
	} ) );
}

/**
 * The totals line: every row's cost, billed and margin.
 *
 * @param {Object[]} rows The report's rows.
 * @return {{cost: string, billed: string, margin: string}} Totals.
 */
export function totalsOf( rows ) {
	const cost = rows.reduce( ( sum, row ) => sum + toUnits( row.cost ), 0n );
	const billed = rows.reduce(
		( sum, row ) => sum + toUnits( row.billed ),
		0n
	);
	return {
		cost: fromUnits( cost ),
		billed: fromUnits( billed ),
		margin: fromUnits( billed - cost ),
	};
}
