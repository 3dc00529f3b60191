import { Button } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import PriceForm from './price-form';

const SOURCES = {
	admin: __( 'set by you', 'svc-hub' ),
	shipped: __( 'free (runs on your machine)', 'svc-hub' ),
	none: __( 'unpriced: refused under a hard budget', 'svc-hub' ),
};

/**
 * Default prices per provider, for the models the catalog does not price (docs/api-notes.md
 * "Unpriced models"), and loading OpenRouter's published prices.
 */
export default function DefaultPrices() {
	const list = useList( '/provider-prices' );
	const { clearDefaultPrice, syncPrices } = useDispatch( store );
	const [ editing, setEditing ] = useState( null );
	const [ syncing, setSyncing ] = useState( false );
	const sync = async () => {
		setSyncing( true );
		await syncPrices( 'openrouter' );
		setSyncing( false );
	};
	const columns = [
		{ key: 'provider', label: __( 'Provider', 'svc-hub' ) },
		{
			key: 'pricing',
			label: __( 'Unlisted models, $/M in / out', 'svc-hub' ),
			render: ( row ) =>
				row.pricing
					? `${ row.pricing.input_per_mtok } / ${ row.pricing.output_per_mtok }`
					: '—',
		},
		{
			key: 'source',
			label: __( 'Price', 'svc-hub' ),
			render: ( row ) => SOURCES[ row.source ],
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( row ) => (
				<>
					<Button
						variant="secondary"
						onClick={ () => setEditing( row ) }
					>
						{ __( 'Set default price', 'svc-hub' ) }
					</Button>
					{ row.source === 'admin' && (
						<Button
							variant="tertiary"
							onClick={ () => clearDefaultPrice( row.provider ) }
						>
							{ __( 'Clear', 'svc-hub' ) }
						</Button>
					) }
				</>
			),
		},
	];
	const zero = {
		input_per_mtok: 0,
		output_per_mtok: 0,
		cache_read_per_mtok: 0,
		cache_write_per_mtok: 0,
	};
	return (
		<section className="svc-hub-default-prices">
			<h2>{ __( 'Default prices per provider', 'svc-hub' ) }</h2>
			<p>
				<Button
					variant="secondary"
					isBusy={ syncing }
					disabled={ syncing }
					onClick={ sync }
				>
					{ __( 'Load OpenRouter prices', 'svc-hub' ) }
				</Button>
			</p>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( row ) => row.provider }
				empty={ __( 'No provider takes a default price.', 'svc-hub' ) }
			/>
			{ editing && (
				<PriceForm
					model={ {
						id: editing.provider,
						pricing: editing.pricing || zero,
						shipped_pricing: zero,
					} }
					provider={ editing.provider }
					onClose={ () => setEditing( null ) }
				/>
			) }
		</section>
	);
}
