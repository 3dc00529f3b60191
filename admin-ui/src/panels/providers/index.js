import { __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import { useList } from '../../components/use-list';
import PoolsTable from './pools-table';
import ProviderCard from './provider-card';

/** Providers: write-only keys (last 4 shown), base URLs, enable or disable (mock too), test call. */
export default function ProvidersPanel() {
	const list = useList( '/providers' );
	return (
		<div className="svc-hub-panel svc-hub-providers">
			<p className="description">
				{ __(
					'Keys are stored encrypted and never shown again; only their last 4 characters are. Stored settings override the environment.',
					'svc-hub'
				) }
			</p>
			<ListStatus
				list={ list }
				empty={ __( 'No providers.', 'svc-hub' ) }
			/>
			<div className="svc-hub-cards">
				{ list &&
					! list.error &&
					list.items.map( ( provider ) => (
						<ProviderCard
							key={ provider.name }
							provider={ provider }
						/>
					) ) }
			</div>
			<PoolsTable />
		</div>
	);
}
