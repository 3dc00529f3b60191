import { costByDay, eachDay, MAX_SERIES, usageTotals } from './usage-data';

const row = ( group, split, cost, calls = 1 ) => ( {
	group,
	split,
	calls,
	prompt_tokens: 10,
	completion_tokens: 5,
	cost: { amount: String( cost ), currency: 'USD' },
} );

describe( 'usage for the overview', () => {
	it( 'sums today and the whole period', () => {
		const totals = usageTotals(
			[
				row( '2026-01-01', 'a', 0.5 ),
				row( '2026-01-02', 'a', 0.25, 2 ),
				row( '2026-01-02', 'b', 0.25 ),
			],
			'2026-01-02'
		);
		expect( totals ).toEqual( {
			today: { calls: 3, tokens: 30, cost: 0.5 },
			period: { calls: 4, tokens: 45, cost: 1 },
		} );
	} );

	it( 'gives one chart row per day, days without calls at 0, one series per team', () => {
		const { days, series } = costByDay(
			[
				row( '2026-01-01', 'growth', 0.3 ),
				row( '2026-01-03', 'support', 0.1 ),
				row( '2026-01-03', null, 0.05 ),
			],
			'2026-01-01',
			'2026-01-03'
		);
		expect( series ).toEqual( [ 'growth', 'support', '(none)' ] );
		expect( days ).toEqual( [
			{ day: '2026-01-01', growth: 0.3, support: 0, '(none)': 0 },
			{ day: '2026-01-02', growth: 0, support: 0, '(none)': 0 },
			{ day: '2026-01-03', growth: 0, support: 0.1, '(none)': 0.05 },
		] );
	} );

	it( 'keeps the biggest series and sums the rest as "other"', () => {
		const rows = Array.from( { length: MAX_SERIES + 2 }, ( _, index ) =>
			row( '2026-01-01', `team-${ index }`, index + 1 )
		);
		const { days, series } = costByDay( rows, '2026-01-01', '2026-01-01' );
		expect( series ).toHaveLength( MAX_SERIES );
		expect( series[ series.length - 1 ] ).toBe( 'other' );
		expect( days[ 0 ].other ).toBe( 1 + 2 + 3 );
	} );

	it( 'lists the days of a period', () => {
		expect( eachDay( '2026-02-27', '2026-03-01' ) ).toEqual( [
			'2026-02-27',
			'2026-02-28',
			'2026-03-01',
		] );
	} );
} );
