/*
 * The release list as the screen shows it: one group per product (type and slug, with the
 * packages that deliver it), its releases newest version first, and which one sites are offered
 * now — the newest not withdrawn on the stable channel, and on beta when a newer beta is out
 * (docs/commerce.md "Releases and updates").
 */
import { compareVersions } from './version-compare';

/**
 * @param {Array} releases Releases from GET /releases.
 * @return {Array} `[ { key, type, slug, name, packageIds, releases, currentId, betaId } ]`, by slug.
 */
export function groupReleases( releases ) {
	const groups = new Map();
	for ( const release of releases ) {
		const key = `${ release.type }/${ release.slug }`;
		if ( ! groups.has( key ) ) {
			groups.set( key, {
				key,
				type: release.type,
				slug: release.slug,
				packageIds: release.package_ids ?? [],
				releases: [],
			} );
		}
		groups.get( key ).releases.push( release );
	}
	return [ ...groups.values() ]
		.map( ( group ) => {
			const sorted = [ ...group.releases ].sort( ( a, b ) =>
				compareVersions( b.version, a.version )
			);
			const offered = sorted.filter( ( release ) => ! release.withdrawn );
			const current =
				offered.find( ( release ) => release.channel === 'stable' ) ??
				null;
			const beta =
				offered[ 0 ] && offered[ 0 ] !== current ? offered[ 0 ] : null;
			return {
				...group,
				name: ( current ?? sorted[ 0 ] ).name,
				releases: sorted,
				currentId: current?.id ?? null,
				betaId: beta?.id ?? null,
			};
		} )
		.sort(
			( a, b ) =>
				a.slug.localeCompare( b.slug ) || a.type.localeCompare( b.type )
		);
}

/**
 * What a rollback to this release would do, for its button: nothing when it is offered now,
 * "rollback" to an earlier version, "restore" a withdrawn newer one.
 *
 * @param {Object} group   A group from groupReleases().
 * @param {Object} release One of its releases.
 * @return {string|null} `rollback`, `restore` or null.
 */
export function rollbackKind( group, release ) {
	if ( release.id === group.currentId || release.id === group.betaId ) {
		return null;
	}
	const current = group.releases.find(
		( item ) => item.id === group.currentId
	);
	return current && compareVersions( release.version, current.version ) < 0
		? 'rollback'
		: 'restore';
}
