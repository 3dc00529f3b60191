import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { adminPath } from '../../api/client';
import DataTable from '../../components/data-table';
import { useList, useRecord } from '../../components/use-list';
import { barsOf, labelOf, totalsOf } from './spend-data';
import RenderLog from './render-log';
import SpendChart from './spend-chart';
import UsageCalls from './usage-calls';

const GROUPINGS = [
	[ 'customer,site', __( 'Customer → site', 'svc-hub' ) ],
	[ 'customer,site,team', __( 'Customer → site → team', 'svc-hub' ) ],
	[ 'site,team,campaign', __( 'Site → team → campaign', 'svc-hub' ) ],
	[ 'customer,site,model', __( 'Customer → site → model', 'svc-hub' ) ],
	[ 'model', __( 'Model', 'svc-hub' ) ],
];

/** The first of this month and of next month (UTC), as the report's default window. */
function thisMonth() {
	const now = new Date();
	const first = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth(), 1 )
	);
	const next = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth() + 1, 1 )
	);
	return {
		from: first.toISOString().slice( 0, 10 ),
		to: next.toISOString().slice( 0, 10 ),
	};
}

/**
 * Saves the report as CSV (the same query, `format=csv`).
 *
 * @param {Object} query The report's query.
 */
async function downloadCsv( query ) {
	const response = await apiFetch( {
		path: adminPath( '/reports/spend', { ...query, format: 'csv' } ),
		parse: false,
	} );
	const url = URL.createObjectURL(
		new Blob( [ await response.text() ], { type: 'text/csv' } )
	);
	const link = document.createElement( 'a' );
	link.href = url;
	link.download = `svc-hub-spend-${ query.from }-${ query.to }.csv`;
	link.click();
	URL.revokeObjectURL( url );
}

/** Spend: what each customer, site, team and model cost and what it was billed, with the margin (docs/api-notes.md "Spend reports"). */
export default function SpendPanel() {
	const [ query, setQuery ] = useState( () => ( {
		by: 'customer,site',
		period: 'month',
		customer: '',
		...thisMonth(),
	} ) );
	const customers = useList( '/customers' );
	const report = useRecord( '/reports/spend', query );
	const dimensions = query.by.split( ',' );
	const rows = report && report.data ? report.data.data : [];
	const totals = totalsOf( rows );
	const set = ( name ) => ( value ) =>
		setQuery( ( current ) => ( { ...current, [ name ]: value } ) );
	const columns = [
		...dimensions.map( ( dimension ) => ( {
			key: dimension,
			label: dimension,
			render: ( row ) => labelOf( row, dimension ),
		} ) ),
		{ key: 'period', label: __( 'Period', 'svc-hub' ) },
		{ key: 'calls', label: __( 'Calls', 'svc-hub' ) },
		{ key: 'cost', label: __( 'Cost (USD)', 'svc-hub' ) },
		{ key: 'billed', label: __( 'Billed (USD)', 'svc-hub' ) },
		{ key: 'margin', label: __( 'Margin (USD)', 'svc-hub' ) },
	];
	return (
		<div className="svc-hub-panel svc-hub-spend">
			<Card>
				<CardHeader>
					<strong>{ __( 'Spend and margin', 'svc-hub' ) }</strong>
					<Button
						variant="secondary"
						onClick={ () => downloadCsv( query ) }
					>
						{ __( 'Download CSV', 'svc-hub' ) }
					</Button>
				</CardHeader>
				<CardBody>
					<div className="svc-hub-filters">
						<SelectControl
							label={ __( 'Customer', 'svc-hub' ) }
							value={ query.customer }
							onChange={ set( 'customer' ) }
							options={ [
								{
									value: '',
									label: __( 'All customers', 'svc-hub' ),
								},
								...( customers ? customers.items : [] ).map(
									( customer ) => ( {
										value: customer.id,
										label:
											customer.name ||
											customer.email ||
											customer.id,
									} )
								),
							] }
						/>
						<SelectControl
							label={ __( 'Group by', 'svc-hub' ) }
							value={ query.by }
							onChange={ set( 'by' ) }
							options={ GROUPINGS.map( ( [ value, label ] ) => ( {
								value,
								label,
							} ) ) }
						/>
						<SelectControl
							label={ __( 'Period', 'svc-hub' ) }
							value={ query.period }
							onChange={ set( 'period' ) }
							options={ [
								{
									value: 'month',
									label: __( 'Month', 'svc-hub' ),
								},
								{ value: 'day', label: __( 'Day', 'svc-hub' ) },
								{
									value: 'total',
									label: __( 'Whole range', 'svc-hub' ),
								},
							] }
						/>
						<TextControl
							type="date"
							label={ __( 'From', 'svc-hub' ) }
							value={ query.from }
							onChange={ set( 'from' ) }
						/>
						<TextControl
							type="date"
							label={ __( 'To (exclusive)', 'svc-hub' ) }
							value={ query.to }
							onChange={ set( 'to' ) }
						/>
					</div>
					{ rows.length > 0 && (
						<p className="svc-hub-spend__totals" data-totals="">
							{ __( 'Cost', 'svc-hub' ) }{ ' ' }
							<strong>{ totals.cost }</strong>
							{ ' · ' }
							{ __( 'Billed', 'svc-hub' ) }{ ' ' }
							<strong>{ totals.billed }</strong>
							{ ' · ' }
							{ __( 'Margin', 'svc-hub' ) }{ ' ' }
							<strong>{ totals.margin }</strong> USD
						</p>
					) }
					<SpendChart bars={ barsOf( rows, dimensions[ 0 ] ) } />
					<DataTable
						columns={ columns }
						list={
							report ? { items: rows, error: report.error } : null
						}
						rowKey={ ( row ) =>
							[
								...dimensions.map(
									( name ) => row.group[ name ]
								),
								row.period,
							].join( '|' )
						}
						empty={ __( 'No calls in this range.', 'svc-hub' ) }
					/>
				</CardBody>
			</Card>
			<UsageCalls />
			<RenderLog from={ query.from } to={ query.to } />
		</div>
	);
}
