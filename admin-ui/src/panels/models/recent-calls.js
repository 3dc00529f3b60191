import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { costsDiffer } from './cost-check';

const amount = ( value ) => ( value === null ? '—' : value );

/**
 * The latest calls with both cost figures (docs/api-notes.md "Provider-reported cost"): a row
 * whose hub cost and provider-reported cost differ by over 1 % is flagged.
 */
export default function RecentCalls() {
	const list = useList( '/usage/calls', { limit: 50 } );
	const columns = [
		{ key: 'started_at', label: __( 'Started', 'svc-hub' ) },
		{
			key: 'model',
			label: __( 'Model', 'svc-hub' ),
			render: ( call ) => <code>{ call.model || '—' }</code>,
		},
		{
			key: 'cost',
			label: __( 'Cost (hub price)', 'svc-hub' ),
			render: ( call ) =>
				call.cost === null ? __( 'unpriced', 'svc-hub' ) : call.cost,
		},
		{
			key: 'provider_cost',
			label: __( 'Cost (provider)', 'svc-hub' ),
			render: ( call ) => amount( call.provider_cost ),
		},
		{
			key: 'billed',
			label: __( 'Billed', 'svc-hub' ),
			render: ( call ) => amount( call.billed ),
		},
		{
			key: 'check',
			label: __( 'Check', 'svc-hub' ),
			render: ( call ) =>
				costsDiffer( call.cost, call.provider_cost ) ? (
					<strong className="svc-hub-cost-differs">
						{ __( 'differs by over 1 %', 'svc-hub' ) }
					</strong>
				) : (
					''
				),
		},
	];
	return (
		<section className="svc-hub-recent-calls">
			<h2>{ __( 'Latest calls and their cost', 'svc-hub' ) }</h2>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( call ) => call.id }
				empty={ __( 'No calls yet.', 'svc-hub' ) }
			/>
		</section>
	);
}
