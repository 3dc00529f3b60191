import { describeAi } from './ai-summary';
import { isUsd } from './ai-terms';
import {
	EMPTY_PACKAGE,
	packagePayload,
	packageToForm,
	validatePackage,
} from './validate';

const VALID = {
	...EMPTY_PACKAGE,
	package_id: 'ai-pro',
	name: 'AI Pro',
	'price.amount': '49.00',
	'price.currency': 'USD',
	features: 'llm.chat',
};

describe( 'package form: AI fields (the worker’s rules, its field names)', () => {
	it( 'takes USD as the worker does: a plain decimal, more than 0, at most 1000000, 8 decimals', () => {
		expect(
			[ '5', '5.00', '0.00000001', '1000000', '1000000.00000000' ].map(
				isUsd
			)
		).toEqual( [ true, true, true, true, true ] );
		expect(
			[
				'0',
				'-1',
				'1e3',
				'0x10',
				'5.',
				'5.000000001',
				'1000000.00000001',
				'10000000',
				'1,000',
				'',
			].map( isUsd )
		).toEqual( Array( 10 ).fill( false ) );
	} );

	it( 'names each bad AI field as the worker’s data.params does', () => {
		const problems = validatePackage( {
			...VALID,
			kind: 'credit',
			credit_amount: '-5',
			credit_scope: 'planet',
			'ai_allowance.amount': '2000000',
			'overage.mode': 'bill',
			'overage.cap': '0',
			markup_percent: '10000',
		} );
		expect( Object.keys( problems ).sort() ).toEqual( [
			'ai_allowance.amount',
			'credit_amount',
			'credit_scope',
			'markup_percent',
			'overage.cap',
		] );
		expect(
			validatePackage( { ...VALID, 'overage.mode': 'stop' } )
		).toEqual( {
			'overage.mode': 'Overage needs an AI allowance to go past.',
		} );
		expect(
			validatePackage( { ...VALID, markup_percent: '12.34567' } )
		).toHaveProperty( 'markup_percent' );
	} );

	it( 'sends the AI terms in the API shape', () => {
		const values = {
			...VALID,
			'ai_allowance.amount': '5.00',
			'ai_allowance.period': 'month',
			'overage.mode': 'bill',
			'overage.cap': '20',
			markup_percent: '25',
		};
		expect( validatePackage( values ) ).toEqual( {} );
		expect( packagePayload( values ) ).toMatchObject( {
			kind: 'standard',
			credit_amount: null,
			credit_scope: null,
			ai_allowance: { amount: '5.00', period: 'month' },
			overage: { mode: 'bill', cap: '20' },
			markup_percent: '25',
		} );
		expect(
			packagePayload( {
				...VALID,
				kind: 'credit',
				credit_amount: '20',
				credit_scope: 'customer',
			} )
		).toMatchObject( {
			kind: 'credit',
			credit_amount: '20',
			credit_scope: 'customer',
			ai_allowance: null,
			overage: null,
			markup_percent: null,
		} );
		expect(
			packagePayload( {
				...values,
				'overage.mode': 'stop',
			} ).overage
		).toEqual( { mode: 'stop' } );
	} );

	it( 'round-trips a stored package’s AI terms through the form, and lists them', () => {
		const record = {
			package_id: 'p',
			name: 'P',
			description: '',
			price: { amount: '5.00', currency: 'USD' },
			features: [ 'llm.chat' ],
			duration_days: null,
			sites: null,
			woo_product_id: null,
			store: null,
			kind: 'standard',
			credit_amount: null,
			credit_scope: null,
			ai_allowance: { amount: '5.00000000', period: 'term' },
			overage: { mode: 'bill', cap: '20.00000000' },
			markup_percent: '25.0000',
		};
		expect( packagePayload( packageToForm( record ) ) ).toEqual( record );
		expect( describeAi( record ) ).toBe(
			'5.00 USD / term, overage billed up to 20.00 USD, markup 25 %'
		);
		expect(
			describeAi( {
				kind: 'credit',
				credit_amount: '20.50000000',
				credit_scope: 'customer',
			} )
		).toBe( 'Credit pack: 20.50 USD to the customer' );
		expect( describeAi( { kind: 'standard' } ) ).toBe( '—' );
	} );
} );
