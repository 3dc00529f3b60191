import { groupReleases, rollbackKind } from './group';
import { compareVersions } from './version-compare';

const release = ( version, extra = {} ) => ( {
	id: `rel_${ version }`,
	type: 'plugin',
	slug: 'acme-forms',
	version,
	channel: 'stable',
	name: 'Acme Forms',
	withdrawn: false,
	downloads: 0,
	package_ids: [ 'forms-pro' ],
	...extra,
} );

describe( 'compareVersions (PHP version_compare, as the worker compares)', () => {
	// Each pair's answer is what PHP 8.2's version_compare() returns (the worker's test's pairs).
	it.each( [
		[ '1.0', '1.0', 0 ],
		[ '1.0.1', '1.0', 1 ],
		[ '1.10', '1.9', 1 ],
		[ '1.0', '1.0.0', -1 ],
		[ '1.0-beta', '1.0', -1 ],
		[ '1.0beta2', '1.0beta1', 1 ],
		[ '1.0-RC1', '1.0-beta3', 1 ],
		[ '1.0-dev', '1.0-alpha', -1 ],
		[ '1.0a', '1.0alpha', 0 ],
		[ '1.0pl1', '1.0', 1 ],
		[ '1.0-foo', '1.0-dev', -1 ],
		[ '2.0.0', '10.0.0', -1 ],
		[ '1.0.0+build', '1.0.0', -1 ],
	] )( '%s vs %s → %d', ( left, right, expected ) => {
		expect( compareVersions( left, right ) ).toBe( expected );
		expect( compareVersions( right, left ) ).toBe(
			expected === 0 ? 0 : -expected
		);
	} );
} );

describe( 'groupReleases', () => {
	it( 'groups by product, newest version first, with its packages', () => {
		const groups = groupReleases( [
			release( '1.10.0' ),
			release( '1.0.0', { type: 'theme', slug: 'acme-theme' } ),
			release( '1.9.0' ),
			release( '2.0.0', { package_ids: [ 'forms-pro', 'agency' ] } ),
		] );
		expect( groups.map( ( group ) => group.key ) ).toEqual( [
			'plugin/acme-forms',
			'theme/acme-theme',
		] );
		expect( groups[ 0 ].releases.map( ( item ) => item.version ) ).toEqual(
			[ '2.0.0', '1.10.0', '1.9.0' ]
		);
		expect( groups[ 0 ].packageIds ).toEqual( [ 'forms-pro' ] );
		expect( groups[ 0 ].currentId ).toBe( 'rel_2.0.0' );
		expect( groups[ 1 ].currentId ).toBe( 'rel_1.0.0' );
	} );

	it( 'marks the newest stable release not withdrawn as current, and a newer beta as the beta channel’s', () => {
		const [ group ] = groupReleases( [
			release( '1.0.0' ),
			release( '1.1.0' ),
			release( '2.0.0', { withdrawn: true } ),
			release( '1.2.0-beta.1', { channel: 'beta' } ),
		] );
		expect( group.currentId ).toBe( 'rel_1.1.0' );
		expect( group.betaId ).toBe( 'rel_1.2.0-beta.1' );
		expect(
			group.releases.map( ( item ) => rollbackKind( group, item ) )
		).toEqual( [ 'restore', null, null, 'rollback' ] );
	} );

	it( 'has no current release when every one is withdrawn or beta', () => {
		const [ group ] = groupReleases( [
			release( '1.0.0', { withdrawn: true } ),
			release( '0.9.0', { channel: 'beta' } ),
		] );
		expect( group.currentId ).toBeNull();
		expect( group.betaId ).toBe( 'rel_0.9.0' );
		expect( rollbackKind( group, group.releases[ 0 ] ) ).toBe( 'restore' );
	} );
} );
