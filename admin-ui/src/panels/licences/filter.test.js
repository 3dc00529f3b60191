import { filterLicences } from './filter';

const licences = [
	{
		key_prefix: 'SVC-AB12',
		package_id: 'agency',
		site_url: 'https://one.example',
	},
	{
		key_prefix: 'SVC-CD34',
		package_id: 'solo',
		site_url: 'https://two.example',
	},
];

describe( 'filterLicences', () => {
	it( 'matches a key prefix in any case, a package, a site', () => {
		expect( filterLicences( licences, ' svc-ab' ) ).toEqual( [
			licences[ 0 ],
		] );
		expect( filterLicences( licences, 'SOLO' ) ).toEqual( [
			licences[ 1 ],
		] );
		expect( filterLicences( licences, 'two.example' ) ).toEqual( [
			licences[ 1 ],
		] );
	} );

	it( 'keeps everything for an empty search and nothing for a miss', () => {
		expect( filterLicences( licences, '' ) ).toEqual( licences );
		expect( filterLicences( licences, 'SVC-ZZ' ) ).toEqual( [] );
	} );
} );
