import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import { store } from '../../store';
import { formatDateTime, formatNumber } from '../../utils/format';
import { rollbackKind } from './group';

const requirements = ( release ) =>
	[
		release.requires_wp &&
			sprintf(
				/* translators: %s: WordPress version. */
				__( 'WP %s+', 'svc-hub' ),
				release.requires_wp
			),
		release.requires_php &&
			sprintf(
				/* translators: %s: PHP version. */
				__( 'PHP %s+', 'svc-hub' ),
				release.requires_php
			),
		release.tested_wp &&
			sprintf(
				/* translators: %s: WordPress version. */
				__( 'tested %s', 'svc-hub' ),
				release.tested_wp
			),
	]
		.filter( Boolean )
		.join( ', ' ) || '—';

/**
 * One product's releases (a group from groupReleases()): version, channel, requirements,
 * upload date, downloads, which one is offered now, withdrawn ones marked, and a rollback
 * (or restore) after a confirmation (`POST releases/rollback`).
 *
 * @param {Object} props
 * @param {Object} props.group The product and its releases.
 */
export default function ReleaseGroup( { group } ) {
	const { rollbackRelease } = useDispatch( store );
	const state = ( release ) => {
		if ( release.id === group.currentId ) {
			return <strong>{ __( 'Current', 'svc-hub' ) }</strong>;
		}
		if ( release.id === group.betaId ) {
			return <strong>{ __( 'Current (beta)', 'svc-hub' ) }</strong>;
		}
		return release.withdrawn ? __( 'Withdrawn', 'svc-hub' ) : '';
	};
	const action = ( release ) => {
		const kind = rollbackKind( group, release );
		if ( ! kind ) {
			return null;
		}
		const label =
			kind === 'rollback'
				? __( 'Roll back to this', 'svc-hub' )
				: __( 'Restore', 'svc-hub' );
		return (
			<ConfirmButton
				label={ label }
				title={ sprintf(
					/* translators: 1: slug, 2: version. */
					__( 'Offer %1$s %2$s again?', 'svc-hub' ),
					group.slug,
					release.version
				) }
				message={ __(
					'Sites are offered this version from their next update check; every newer release is withdrawn (kept, and restored by a rollback to it). Sites already on a newer version keep it.',
					'svc-hub'
				) }
				onConfirm={ () => rollbackRelease( release ) }
			/>
		);
	};
	const columns = [
		{ key: 'version', label: __( 'Version', 'svc-hub' ) },
		{ key: 'state', label: __( 'Offered', 'svc-hub' ), render: state },
		{ key: 'channel', label: __( 'Channel', 'svc-hub' ) },
		{
			key: 'requirements',
			label: __( 'Requirements', 'svc-hub' ),
			render: requirements,
		},
		{
			key: 'created_at',
			label: __( 'Uploaded', 'svc-hub' ),
			render: ( release ) => formatDateTime( release.created_at ),
		},
		{
			key: 'downloads',
			label: __( 'Downloads', 'svc-hub' ),
			render: ( release ) => formatNumber( release.downloads ),
		},
		{ key: 'actions', label: __( 'Actions', 'svc-hub' ), render: action },
	];
	return (
		<section className="svc-hub-release-group" data-product={ group.key }>
			<h4>
				{ group.name } — { group.type } <code>{ group.slug }</code>
			</h4>
			<p className="svc-hub-release-group__packages">
				{ group.packageIds.length > 0
					? sprintf(
							/* translators: %s: package ids, comma-separated. */
							__( 'Delivered by: %s', 'svc-hub' ),
							group.packageIds.join( ', ' )
						)
					: __( 'No package delivers it now.', 'svc-hub' ) }
			</p>
			<DataTable
				columns={ columns }
				list={ { items: group.releases } }
				rowKey={ ( release ) => release.id }
				empty={ __( 'No releases.', 'svc-hub' ) }
				className="svc-hub-releases"
			/>
		</section>
	);
}
