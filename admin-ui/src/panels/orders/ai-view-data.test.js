import { billingState, currentAllowance, toUnits, usd } from './ai-view-data';

const line = ( fields ) => ( {
	site: 'https://a.example',
	package: 'ai-pro',
	period: 'month',
	starts_at: '2026-11-01T00:00:00.000Z',
	ends_at: '2026-12-01T00:00:00.000Z',
	allowance: '5.00000000',
	used: '0.00000000',
	overage: '0.00000000',
	billed: '0.00000000',
	closed: true,
	billed_at: null,
	billed_reference: null,
	...fields,
} );

describe( 'site AI view figures', () => {
	it( 'reads USD exactly (10⁻⁸ units) and shows cents, more decimals only when they count', () => {
		expect( toUnits( '0.10000001' ) + toUnits( '0.2' ) ).toBe( 30000001n );
		expect( toUnits( '-2.5' ) ).toBe( -250000000n );
		expect( usd( '5.00000000' ) ).toBe( '5.00 USD' );
		expect( usd( '0.12345678' ) ).toBe( '0.12345678 USD' );
		expect( usd( '-2.50000000' ) ).toBe( '-2.50 USD' );
	} );

	it( 'takes the running allowance from the statement’s open line, with the share spent', () => {
		expect( currentAllowance( [ line( {} ) ] ) ).toBeNull();
		expect(
			currentAllowance( [
				line( {} ),
				line( {
					closed: false,
					used: '4.00000000',
					ends_at: '2027-01-01T00:00:00.000Z',
				} ),
			] )
		).toEqual( {
			package: 'ai-pro',
			period: 'month',
			allowance: '5.00000000',
			used: '4.00000000',
			overage: '0.00000000',
			percent: 80,
			endsAt: '2027-01-01T00:00:00.000Z',
		} );
	} );

	it( 'says whether a period’s overage is billed, unbilled or nothing to bill', () => {
		expect( billingState( line( {} ) ) ).toBe( 'none' );
		expect( billingState( line( { billed: '1.50000000' } ) ) ).toBe(
			'unbilled'
		);
		expect(
			billingState(
				line( {
					billed: '1.50000000',
					billed_at: '2026-12-01T00:00:05.000Z',
					billed_reference: 'woocommerce:812',
				} )
			)
		).toBe( 'billed' );
	} );
} );
