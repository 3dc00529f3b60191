import { pricePayload, validatePrice } from './validate';

describe( 'price form', () => {
	const valid = {
		input_per_mtok: '3',
		output_per_mtok: '15',
		cache_read_per_mtok: '0.3',
		cache_write_per_mtok: '3.75',
	};
	const problem = 'USD per million tokens: a number, 0 or more.';

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

	it( 'sends the four prices as numbers', () => {
		expect( pricePayload( valid ) ).toEqual( {
			input_per_mtok: 3,
			output_per_mtok: 15,
			cache_read_per_mtok: 0.3,
			cache_write_per_mtok: 3.75,
		} );
	} );
} );
