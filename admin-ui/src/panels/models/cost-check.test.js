import { costsDiffer } from './cost-check';

describe( 'costsDiffer', () => {
	it( 'flags two figures over 1 % apart, either way', () => {
		expect( costsDiffer( '0.00000280', '0.00000210' ) ).toBe( true );
		expect( costsDiffer( '0.00000100', '0.00000102' ) ).toBe( true );
		expect( costsDiffer( '0.00000001', '0.00000000' ) ).toBe( true );
	} );

	it( 'leaves figures within 1 %, exactly at it, or equal', () => {
		expect( costsDiffer( '1.00000000', '1.01000000' ) ).toBe( false );
		expect( costsDiffer( '1.01000000', '1.00000000' ) ).toBe( false );
		expect( costsDiffer( '0.12345678', '0.12345678' ) ).toBe( false );
		expect( costsDiffer( '0.00000000', '0.00000000' ) ).toBe( false );
	} );

	it( 'has nothing to compare when either figure is missing', () => {
		expect( costsDiffer( null, '0.5' ) ).toBe( false );
		expect( costsDiffer( '0.5', null ) ).toBe( false );
		expect( costsDiffer( '0.5', 'n/a' ) ).toBe( false );
	} );
} );
