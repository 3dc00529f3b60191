import { __, sprintf } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';

/**
 * One row per pool deployment, from `GET pools` (`[ { provider, deployments } ]`).
 *
 * @param {Object|null} list The pools list (null while loading).
 * @return {Object|null} The same list with one item per deployment.
 */
function rowsOf( list ) {
	if ( ! list || list.error ) {
		return list;
	}
	return {
		...list,
		items: list.items.flatMap( ( pool ) =>
			pool.deployments.map( ( deployment ) => ( {
				...deployment,
				provider: pool.provider,
			} ) )
		),
	};
}

const COLUMNS = [
	{ key: 'provider', label: __( 'Provider', 'svc-hub' ) },
	{ key: 'id', label: __( 'Deployment', 'svc-hub' ) },
	{ key: 'weight', label: __( 'Weight', 'svc-hub' ) },
	{
		key: 'key_last4',
		label: __( 'Key', 'svc-hub' ),
		render: ( row ) => ( row.key_last4 ? `…${ row.key_last4 }` : '—' ),
	},
	{
		key: 'base_url',
		label: __( 'Base URL', 'svc-hub' ),
		render: ( row ) => row.base_url || __( "the provider's", 'svc-hub' ),
	},
	{
		key: 'cooling_until',
		label: __( 'State', 'svc-hub' ),
		render: ( row ) =>
			row.cooling_until
				? sprintf(
						/* translators: 1: HTTP status, 2: time */
						__( 'cooling down (HTTP %1$s) until %2$s', 'svc-hub' ),
						row.upstream_status ?? '?',
						new Date( row.cooling_until ).toLocaleTimeString()
					)
				: __( 'ready', 'svc-hub' ),
	},
];

/** Provider key pools and their cool-downs (set with `svc-hub-worker provider pool …` on the server, or `PUT providers/{name}/pool`). */
export default function PoolsTable() {
	const list = rowsOf( useList( '/pools' ) );
	return (
		<div className="svc-hub-pools">
			<h2>{ __( 'Key pools', 'svc-hub' ) }</h2>
			<DataTable
				columns={ COLUMNS }
				list={ list }
				rowKey={ ( row ) => `${ row.provider }/${ row.id }` }
				empty={ __(
					'No key pools: each provider uses its own key.',
					'svc-hub'
				) }
			/>
		</div>
	);
}
