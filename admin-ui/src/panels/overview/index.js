import {
	Card,
	CardBody,
	CardHeader,
	SelectControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import { useRecord } from '../../components/use-list';
import { formatNumber, formatUsd } from '../../utils/format';
import CostChart from './cost-chart';
import StoreAlerts from '../webhooks/store-alerts';
import HealthSummary from './health-summary';
import { costByDay, usageTotals } from './usage-data';

const DAY = 86400000;

/** The report's period: the last 30 days including today (UTC days, as the report groups them). */
function period() {
	const today = new Date().toISOString().slice( 0, 10 );
	const first = new Date( Date.parse( `${ today }T00:00:00Z` ) - 29 * DAY )
		.toISOString()
		.slice( 0, 10 );
	return { today, first, from: `${ first }T00:00:00Z` };
}

/** Overview: WooCommerce stores in trouble, health, calls/tokens/cost today and over 30 days, and cost per day split by team or campaign. */
export default function OverviewPanel() {
	const [ splitBy, setSplitBy ] = useState( 'team' );
	const [ { today, first, from } ] = useState( period );
	const report = useRecord( '/usage', {
		group_by: 'day',
		split_by: splitBy,
		from,
	} );
	const rows = report && report.data ? report.data.data : [];
	const totals = usageTotals( rows, today );
	const chart = costByDay( rows, first, today );
	const figure = ( label, value, name ) => (
		<div className="svc-hub-figure" data-figure={ name }>
			<span className="svc-hub-figure__value">{ value }</span>
			<span className="svc-hub-figure__label">{ label }</span>
		</div>
	);
	return (
		<div className="svc-hub-panel svc-hub-overview">
			<StoreAlerts />
			<HealthSummary />
			<Card className="svc-hub-usage">
				<CardHeader>
					<strong>{ __( 'Usage', 'svc-hub' ) }</strong>
				</CardHeader>
				<CardBody>
					{ ! report || report.error ? (
						<ListStatus
							list={ report ? { error: report.error } : null }
							empty=""
						/>
					) : (
						<>
							<div className="svc-hub-figures">
								{ figure(
									__( 'calls today', 'svc-hub' ),
									formatNumber( totals.today.calls ),
									'calls-today'
								) }
								{ figure(
									__( 'tokens today', 'svc-hub' ),
									formatNumber( totals.today.tokens ),
									'tokens-today'
								) }
								{ figure(
									__( 'cost today', 'svc-hub' ),
									formatUsd( totals.today.cost ),
									'cost-today'
								) }
								{ figure(
									__( 'calls, 30 days', 'svc-hub' ),
									formatNumber( totals.period.calls ),
									'calls-period'
								) }
								{ figure(
									__( 'tokens, 30 days', 'svc-hub' ),
									formatNumber( totals.period.tokens ),
									'tokens-period'
								) }
								{ figure(
									__( 'cost, 30 days', 'svc-hub' ),
									formatUsd( totals.period.cost ),
									'cost-period'
								) }
							</div>
							<SelectControl
								label={ __( 'Cost per day by', 'svc-hub' ) }
								value={ splitBy }
								options={ [
									{
										value: 'team',
										label: __( 'team', 'svc-hub' ),
									},
									{
										value: 'campaign',
										label: __( 'campaign', 'svc-hub' ),
									},
								] }
								onChange={ setSplitBy }
							/>
							<CostChart
								days={ chart.days }
								series={ chart.series }
							/>
						</>
					) }
				</CardBody>
			</Card>
		</div>
	);
}
