/*
 * The usage report (GET /admin/usage?group_by=day&split_by=team) turned into what the
 * overview shows: totals for today and the whole period, and one chart row per day.
 */

/** Most series drawn; the smaller ones are summed into "other". */
export const MAX_SERIES = 6;

const NONE = '(none)';

const costOf = ( row ) => Number( row.cost.amount ) || 0;

/**
 * @param {Array}  rows  Report rows `{ group: 'YYYY-MM-DD', calls, prompt_tokens, completion_tokens, cost }`.
 * @param {string} today `YYYY-MM-DD` (UTC, as the report's days are).
 * @return {{today: Object, period: Object}} Calls, tokens and cost (USD) of each.
 */
export function usageTotals( rows, today ) {
	const sum = ( selected ) =>
		selected.reduce(
			( total, row ) => ( {
				calls: total.calls + row.calls,
				tokens:
					total.tokens + row.prompt_tokens + row.completion_tokens,
				cost: total.cost + costOf( row ),
			} ),
			{ calls: 0, tokens: 0, cost: 0 }
		);
	return {
		today: sum( rows.filter( ( row ) => row.group === today ) ),
		period: sum( rows ),
	};
}

/**
 * Cost per day split by team (or campaign): one entry per day of the period, days without
 * calls at 0, the biggest series kept and the rest summed as "other".
 *
 * @param {Array}  rows Report rows with `split`.
 * @param {string} from First day `YYYY-MM-DD`.
 * @param {string} to   Last day `YYYY-MM-DD`.
 * @return {{days: Array<Object>, series: string[]}} Chart rows `{ day, [series]: cost }` and the series names.
 */
export function costByDay( rows, from, to ) {
	const totals = new Map();
	for ( const row of rows ) {
		const name = row.split || NONE;
		totals.set( name, ( totals.get( name ) || 0 ) + costOf( row ) );
	}
	const ranked = [ ...totals.entries() ]
		.sort( ( a, b ) => b[ 1 ] - a[ 1 ] || a[ 0 ].localeCompare( b[ 0 ] ) )
		.map( ( [ name ] ) => name );
	const kept =
		ranked.length > MAX_SERIES ? ranked.slice( 0, MAX_SERIES - 1 ) : ranked;
	const series = ranked.length > MAX_SERIES ? [ ...kept, 'other' ] : kept;
	const byDay = new Map(
		eachDay( from, to ).map( ( day ) => [
			day,
			Object.fromEntries( [
				[ 'day', day ],
				...series.map( ( name ) => [ name, 0 ] ),
			] ),
		] )
	);
	for ( const row of rows ) {
		const entry = byDay.get( row.group );
		if ( entry ) {
			const name = kept.includes( row.split || NONE )
				? row.split || NONE
				: 'other';
			entry[ name ] = round( entry[ name ] + costOf( row ) );
		}
	}
	return { days: [ ...byDay.values() ], series };
}

/**
 * @param {string} from `YYYY-MM-DD`.
 * @param {string} to   `YYYY-MM-DD`.
 * @return {string[]} Every day from `from` to `to`, inclusive.
 */
export function eachDay( from, to ) {
	const days = [];
	for (
		let time = Date.parse( `${ from }T00:00:00Z` );
		time <= Date.parse( `${ to }T00:00:00Z` );
		time += 86400000
	) {
		days.push( new Date( time ).toISOString().slice( 0, 10 ) );
	}
	return days;
}

const round = ( value ) => Math.round( value * 1e8 ) / 1e8;
