import {
	EMPTY_RELEASE,
	releaseFormData,
	uploadRefusal,
	validateRelease,
} from './validate';

const zip = ( size = 10 ) => {
	const file = new File( [ 'PK' ], 'acme-forms.zip', {
		type: 'application/zip',
	} );
	Object.defineProperty( file, 'size', { value: size } );
	return file;
};

const VALID = {
	...EMPTY_RELEASE,
	package_id: 'forms-pro',
	slug: 'acme-forms',
	version: '1.2.0',
	file: zip(),
};

describe( 'release upload form (the worker’s rules, its field names)', () => {
	it( 'names each bad field as the worker’s data.params does', () => {
		const problems = validateRelease( {
			...EMPTY_RELEASE,
			type: 'widget',
			slug: 'Acme Forms',
			version: 'v1',
			channel: 'nightly',
			requires_wp: '6.x',
			requires_php: '8.1',
			tested_wp: '7',
			renewal_url: 'ftp://shop.example',
		} );
		expect( Object.keys( problems ).sort() ).toEqual( [
			'channel',
			'file',
			'package_id',
			'renewal_url',
			'requires_wp',
			'slug',
			'type',
			'version',
		] );
	} );

	it( 'takes release versions as the worker does, and zips up to 32 MB', () => {
		for ( const version of [ '1', '1.2.3', '2.0.0-beta.1', '1.0RC2' ] ) {
			expect( validateRelease( { ...VALID, version } ) ).toEqual( {} );
		}
		for ( const version of [ '', 'v1.0', '1..2', '1.0 beta', '../1' ] ) {
			expect( validateRelease( { ...VALID, version } ) ).toHaveProperty(
				'version'
			);
		}
		expect(
			validateRelease( { ...VALID, file: zip( 32 * 1024 * 1024 + 1 ) } )
		).toHaveProperty( 'file' );
	} );

	it( 'sends the filled fields and the zip as `file`', () => {
		const form = releaseFormData( {
			...VALID,
			version: ' 1.2.0 ',
			requires_php: '8.1',
		} );
		expect( [ ...form.keys() ] ).toEqual( [
			'package_id',
			'type',
			'slug',
			'version',
			'channel',
			'requires_php',
			'file',
		] );
		expect( form.get( 'version' ) ).toBe( '1.2.0' );
		expect( form.get( 'file' ).name ).toBe( 'acme-forms.zip' );
	} );

	it( 'shows the site’s and the hub’s size refusals at the zip', () => {
		const php = {
			status: 413,
			message: 'too large (upload_max_filesize 2M)',
			params: { image: 'too large (upload_max_filesize 2M)' },
		};
		expect( uploadRefusal( php ).params ).toEqual( {
			file: 'too large (upload_max_filesize 2M)',
		} );
		expect(
			uploadRefusal( { status: 413, message: 'too big', params: {} } )
				.params
		).toEqual( { file: 'too big' } );
		const version = { status: 400, message: 'x', params: { version: 'y' } };
		expect( uploadRefusal( version ) ).toBe( version );
	} );
} );
