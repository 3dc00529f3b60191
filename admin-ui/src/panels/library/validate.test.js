import { importSummary, readPack } from './validate';

describe( 'pack file', () => {
	it( 'refuses what is not a template pack', () => {
		expect( readPack( '{nope' ).error ).toMatch( /^The file is not JSON/ );
		expect( readPack( '[]' ).error ).toBe(
			'The file must hold one JSON object (a template pack).'
		);
		expect( readPack( '{"format":"other"}' ).error ).toBe(
			'Not a template pack: "format" must be "svc-hub-library-pack".'
		);
	} );

	it( 'reads a pack and summarises its import', () => {
		expect(
			readPack( '{"format":"svc-hub-library-pack","templates":[]}' ).pack
				.templates
		).toEqual( [] );
		expect(
			importSummary( {
				created: [ {} ],
				updated: [],
				unchanged: 3,
				sanitised: [ {} ],
				version: 7,
			} )
		).toBe(
			'Pack imported: 1 created, 0 updated, 3 unchanged, 1 SVG files sanitised (library version 7).'
		);
	} );
} );
