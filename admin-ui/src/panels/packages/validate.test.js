import {
	EMPTY_PACKAGE,
	packagePayload,
	packageToForm,
	validatePackage,
} from './validate';

/** A package that sells no AI, as the API writes it. */
const NO_AI = {
	kind: 'standard',
	credit_amount: null,
	credit_scope: null,
	ai_allowance: null,
	overage: null,
	markup_percent: null,
};

/** A stored package as GET /packages lists it. */
const ROUND_TRIP = {
	package_id: 'p',
	name: 'P',
	description: 'd',
	price: { amount: '5.00', currency: 'USD' },
	features: [ 'a.b' ],
	duration_days: 30,
	sites: 3,
	woo_product_id: 77,
	store: null,
	...NO_AI,
};

const VALID = {
	...EMPTY_PACKAGE,
	package_id: 'seo-pro',
	name: 'SEO Pro',
	'price.amount': '49.00',
	'price.currency': 'eur',
	features: 'module.seo, llm.chat',
};

describe( 'package form', () => {
	it( 'names each bad field with the API’s field names', () => {
		const problems = validatePackage( {
			...EMPTY_PACKAGE,
			package_id: 'SEO Pro',
			'price.amount': '49.999',
			'price.currency': 'EURO',
			features: 'Bad Feature',
			duration_days: '0',
			sites: '0',
			store: 'not a url',
		} );
		expect( Object.keys( problems ).sort() ).toEqual( [
			'duration_days',
			'features',
			'name',
			'package_id',
			'price.amount',
			'price.currency',
			'sites',
			'store',
			'woo_product_id',
		] );
	} );

	it( 'requires a WooCommerce product when an external store sells the package', () => {
		expect(
			validatePackage( { ...VALID, store: 'https://shop.example' } )
		).toEqual( {
			woo_product_id:
				'Required when an external store sells the package.',
		} );
	} );

	it( 'sends the API shape: money object, feature list, nulls for empty numbers and store', () => {
		expect( validatePackage( VALID ) ).toEqual( {} );
		expect( packagePayload( VALID ) ).toEqual( {
			package_id: 'seo-pro',
			name: 'SEO Pro',
			description: '',
			price: { amount: '49.00', currency: 'EUR' },
			features: [ 'module.seo', 'llm.chat' ],
			duration_days: null,
			sites: null,
			woo_product_id: null,
			store: null,
			...NO_AI,
		} );
	} );

	it( 'takes a site limit of 1 to 100000 per licence; empty is unlimited (null)', () => {
		for ( const sites of [ '0', '-1', '1.5', '100001', 'ten' ] ) {
			expect( validatePackage( { ...VALID, sites } ) ).toHaveProperty(
				'sites'
			);
		}
		expect( validatePackage( { ...VALID, sites: '100000' } ) ).toEqual(
			{}
		);
		expect( packagePayload( { ...VALID, sites: ' 3 ' } ).sites ).toBe( 3 );
		expect( packagePayload( { ...VALID, sites: '' } ).sites ).toBeNull();
		expect( packageToForm( { ...ROUND_TRIP, sites: null } ).sites ).toBe(
			''
		);
	} );

	it( 'round-trips a stored package through the form', () => {
		expect( packagePayload( packageToForm( ROUND_TRIP ) ) ).toEqual(
			ROUND_TRIP
		);
	} );
} );
