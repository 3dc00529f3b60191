import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { formatNumber } from '../../utils/format';
import Capabilities from './capabilities';
import DefaultPrices from './default-prices';
import PriceForm from './price-form';
import RecentCalls from './recent-calls';

/** Models and prices: every known model with its capabilities, context window and price in force (cache prices too); override a price. */
export default function ModelsPanel() {
	const list = useList( '/models' );
	const [ editing, setEditing ] = useState( null );
	const columns = [
		{
			key: 'id',
			label: __( 'Model', 'svc-hub' ),
			render: ( model ) => <code>{ model.id }</code>,
		},
		{ key: 'capabilities', label: __( 'Kind', 'svc-hub' ) },
		{
			key: 'supports',
			label: __( 'Capabilities', 'svc-hub' ),
			render: ( model ) => <Capabilities supports={ model.supports } />,
		},
		{
			key: 'context_window',
			label: __( 'Context window', 'svc-hub' ),
			render: ( model ) => formatNumber( model.context_window ),
		},
		{
			key: 'input',
			label: __( 'Input $/M tokens', 'svc-hub' ),
			render: ( model ) => model.pricing.input_per_mtok,
		},
		{
			key: 'output',
			label: __( 'Output $/M tokens', 'svc-hub' ),
			render: ( model ) => model.pricing.output_per_mtok,
		},
		{
			key: 'cache_read',
			label: __( 'Cache read $/M', 'svc-hub' ),
			render: ( model ) => model.pricing.cache_read_per_mtok,
		},
		{
			key: 'cache_write',
			label: __( 'Cache write $/M', 'svc-hub' ),
			render: ( model ) => model.pricing.cache_write_per_mtok,
		},
		{
			key: 'price_overridden',
			label: __( 'Price', 'svc-hub' ),
			render: ( model ) =>
				model.price_overridden
					? __( 'overridden', 'svc-hub' )
					: __( 'shipped', 'svc-hub' ),
		},
		{
			key: 'configured',
			label: __( 'Provider', 'svc-hub' ),
			render: ( model ) =>
				model.configured
					? __( 'ready', 'svc-hub' )
					: __( 'not configured', 'svc-hub' ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( model ) => (
				<Button
					variant="secondary"
					onClick={ () => setEditing( model ) }
				>
					{ __( 'Override price', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<div className="svc-hub-panel svc-hub-models">
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( model ) => model.id }
				empty={ __( 'No models.', 'svc-hub' ) }
				className="svc-hub-model-list"
			/>
			{ editing && (
				<PriceForm
					model={ editing }
					onClose={ () => setEditing( null ) }
				/>
			) }
			<DefaultPrices />
			<RecentCalls />
		</div>
	);
}
