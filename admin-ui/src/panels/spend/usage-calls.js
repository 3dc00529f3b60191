import { SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { costLabel, kindOptions } from './usage-view';

/**
 * An image call's images as its usage row records them (migration 030): "2 × 1024x1024, high";
 * the size or quality left out when the call named none; "—" on other kinds.
 *
 * @param {Object} call A row of GET usage/calls.
 * @return {string} The label.
 */
export function imagesLabel( call ) {
	if ( call.images === null || call.images === undefined ) {
		return '—';
	}
	const details = [ call.image_size, call.image_quality ]
		.filter( Boolean )
		.join( ', ' );
	return details ? `${ call.images } × ${ details }` : String( call.images );
}

/**
 * The latest calls, by kind (docs/api-notes.md "Images": image calls are kind `images`, their
 * cost per call from the per-image price): model, status, images, cost, billed, key, team, campaign.
 */
export default function UsageCalls() {
	const [ kind, setKind ] = useState( '' );
	const list = useList( '/usage/calls', { kind, limit: 50 } );
	const columns = [
		{ key: 'started_at', label: __( 'Started', 'svc-hub' ) },
		{ key: 'kind', label: __( 'Kind', 'svc-hub' ) },
		{
			key: 'model',
			label: __( 'Model', 'svc-hub' ),
			render: ( call ) => <code>{ call.model || '—' }</code>,
		},
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'images',
			label: __( 'Images', 'svc-hub' ),
			render: imagesLabel,
		},
		{
			key: 'cost',
			label: __( 'Cost (USD)', 'svc-hub' ),
			render: costLabel,
		},
		{ key: 'billed', label: __( 'Billed (USD)', 'svc-hub' ) },
		{ key: 'key_id', label: __( 'Key', 'svc-hub' ) },
		{ key: 'team', label: __( 'Team', 'svc-hub' ) },
		{ key: 'campaign', label: __( 'Campaign', 'svc-hub' ) },
	];
	return (
		<section className="svc-hub-usage-calls">
			<h2>{ __( 'Latest calls', 'svc-hub' ) }</h2>
			<div className="svc-hub-filters">
				<SelectControl
					label={ __( 'Kind', 'svc-hub' ) }
					value={ kind }
					options={ kindOptions() }
					onChange={ setKind }
				/>
			</div>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( call ) => call.id }
				empty={ __( 'No calls of this kind yet.', 'svc-hub' ) }
			/>
		</section>
	);
}
