import { pricePayload, validatePrice } from './validate';

describe( 'price form', () => {
	const valid = {
		input_per_mtok: '3',
		output_per_mtok: '15',
		cache_read_per_mtok: '0.3',
		cache_write_per_mtok: '3.75',
	};
	const problem =
		'USD per million tokens: a plain number from 0 to 999999.999999, at most 6 decimals.';

	it( 'takes input, output and both cache prices as numbers of 0 or more', () => {
		expect( validatePrice( valid ) ).toEqual( {} );
		expect(
			validatePrice( {
				...valid,
				cache_read_per_mtok: '-1',
				cache_write_per_mtok: '',
			} )
		).toEqual( {
			cache_read_per_mtok: problem,
			cache_write_per_mtok: problem,
		} );
		expect(
			validatePrice( { ...valid, cache_write_per_mtok: 'lots' } )
		).toEqual( { cache_write_per_mtok: problem } );
	} );

	it( 'takes only what the hub stores: no exponent, hex, leading zero, seventh decimal or million', () => {
		for ( const spelling of [
			'1e3',
			'0x10',
			'01',
			'0.0000001',
			'1000000',
			'+1',
			'1,5',
		] ) {
			expect(
				validatePrice( { ...valid, input_per_mtok: spelling } )
			).toEqual( { input_per_mtok: problem } );
		}
		expect(
			validatePrice( { ...valid, input_per_mtok: '999999.999999' } )
		).toEqual( {} );
		expect(
			validatePrice( { ...valid, input_per_mtok: '0.000001' } )
		).toEqual( {} );
	} );

	it( 'sends the four prices as numbers', () => {
		expect( pricePayload( valid ) ).toEqual( {
			input_per_mtok: 3,
			output_per_mtok: 15,
			cache_read_per_mtok: 0.3,
			cache_write_per_mtok: 3.75,
		} );
	} );
} );
