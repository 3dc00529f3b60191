import apiFetch from '@wordpress/api-fetch';
import { Button, Card, CardBody, CardHeader } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import { adminPath } from '../../api/client';
import DataTable from '../../components/data-table';
import { useList, useRecord } from '../../components/use-list';
import { formatDateTime } from '../../utils/format';
import { billingState, currentAllowance, usd } from './ai-view-data';

/**
 * Saves the site's statement as CSV (GET /ai/statement?format=csv).
 *
 * @param {string} site The site URL.
 */
async function downloadStatement( site ) {
	const response = await apiFetch( {
		path: adminPath( '/ai/statement', { site, format: 'csv' } ),
		parse: false,
	} );
	const url = URL.createObjectURL(
		new Blob( [ await response.text() ], { type: 'text/csv' } )
	);
	const link = document.createElement( 'a' );
	link.href = url;
	link.download = `svc-hub-ai-statement-${ new URL( site ).host }.csv`;
	link.click();
	URL.revokeObjectURL( url );
}

const BILLING = () => ( {
	none: __( 'nothing to bill', 'svc-hub' ),
	billed: __( 'billed', 'svc-hub' ),
	unbilled: __( 'not billed yet', 'svc-hub' ),
} );

/**
 * A site's AI account: the running allowance (used of it), the credits balance with its
 * ledger, the 50/80/100 % alerts recorded, and the statement of allowance periods (CSV).
 *
 * @param {Object} props
 * @param {string} props.siteUrl The site.
 */
export default function SiteAi( { siteUrl } ) {
	const statement = useList( '/ai/statement', { site: siteUrl } );
	const credits = useRecord( '/credits', { scope: siteUrl } );
	const alerts = useList( '/ai/alerts', { site: siteUrl } );
	const current = statement?.items
		? currentAllowance( statement.items )
		: null;
	const ledger = credits?.data
		? {
				items: credits.data.ledger.map( ( entry, index ) => ( {
					...entry,
					index,
				} ) ),
			}
		: credits;
	return (
		<Card className="svc-hub-site-ai">
			<CardHeader>
				<h3>{ __( 'AI allowance and credits', 'svc-hub' ) }</h3>
			</CardHeader>
			<CardBody>
				<p className="svc-hub-site-ai__allowance">
					{ current
						? sprintf(
								/* translators: 1: used USD, 2: allowance USD, 3: percent, 4: overage USD, 5: package, 6: period end. */
								__(
									'Allowance: %1$s used of %2$s (%3$d %%), overage %4$s — package %5$s, period ends %6$s.',
									'svc-hub'
								),
								usd( current.used ),
								usd( current.allowance ),
								current.percent,
								usd( current.overage ),
								current.package,
								formatDateTime( current.endsAt )
							)
						: __( 'No AI allowance is running.', 'svc-hub' ) }
				</p>
				<p className="svc-hub-site-ai__credits">
					{ credits?.data
						? sprintf(
								/* translators: %s: USD balance. */
								__( 'Credits balance: %s', 'svc-hub' ),
								usd( credits.data.balance.amount )
							)
						: __( 'Credits: …', 'svc-hub' ) }
				</p>
				<h4>{ __( 'Credits ledger', 'svc-hub' ) }</h4>
				<DataTable
					list={ ledger }
					rowKey={ ( entry ) => entry.index }
					empty={ __( 'No credit movements.', 'svc-hub' ) }
					className="svc-hub-credit-ledger"
					columns={ [
						{
							key: 'at',
							label: __( 'When', 'svc-hub' ),
							render: ( entry ) => formatDateTime( entry.at ),
						},
						{ key: 'kind', label: __( 'Movement', 'svc-hub' ) },
						{
							key: 'amount',
							label: __( 'Amount', 'svc-hub' ),
							render: ( entry ) => usd( entry.amount ),
						},
						{
							key: 'reference',
							label: __( 'Reference', 'svc-hub' ),
						},
						{ key: 'reason', label: __( 'Reason', 'svc-hub' ) },
					] }
				/>
				<h4>{ __( 'Alerts', 'svc-hub' ) }</h4>
				<DataTable
					list={ alerts }
					rowKey={ ( alert ) =>
						`${ alert.budget_id }-${ alert.threshold }`
					}
					empty={ __( 'No alert reached.', 'svc-hub' ) }
					className="svc-hub-ai-alerts"
					columns={ [
						{
							key: 'threshold',
							label: __( 'Reached', 'svc-hub' ),
							render: ( alert ) => `${ alert.threshold } %`,
						},
						{ key: 'role', label: __( 'Of', 'svc-hub' ) },
						{
							key: 'used',
							label: __( 'Used', 'svc-hub' ),
							render: ( alert ) =>
								`${ usd( alert.used ) } / ${ usd( alert.amount ) }`,
						},
						{
							key: 'reached_at',
							label: __( 'At', 'svc-hub' ),
							render: ( alert ) =>
								formatDateTime( alert.reached_at ),
						},
					] }
				/>
				<h4>{ __( 'Statement', 'svc-hub' ) }</h4>
				<DataTable
					list={ statement }
					rowKey={ ( line ) =>
						`${ line.package }-${ line.starts_at }`
					}
					empty={ __( 'No allowance period yet.', 'svc-hub' ) }
					className="svc-hub-ai-statement"
					columns={ [
						{ key: 'package', label: __( 'Package', 'svc-hub' ) },
						{
							key: 'starts_at',
							label: __( 'From', 'svc-hub' ),
							render: ( line ) =>
								formatDateTime( line.starts_at ),
						},
						{
							key: 'ends_at',
							label: __( 'To', 'svc-hub' ),
							render: ( line ) => formatDateTime( line.ends_at ),
						},
						{
							key: 'allowance',
							label: __( 'Allowance', 'svc-hub' ),
							render: ( line ) => usd( line.allowance ),
						},
						{
							key: 'used',
							label: __( 'Used', 'svc-hub' ),
							render: ( line ) => usd( line.used ),
						},
						{
							key: 'overage',
							label: __( 'Overage', 'svc-hub' ),
							render: ( line ) => usd( line.overage ),
						},
						{
							key: 'billed',
							label: __( 'Billing', 'svc-hub' ),
							render: ( line ) =>
								BILLING()[ billingState( line ) ] +
								( line.billed_reference
									? ` (${ line.billed_reference })`
									: '' ),
						},
					] }
				/>
				<div className="svc-hub-actions">
					<Button
						variant="secondary"
						onClick={ () => downloadStatement( siteUrl ) }
					>
						{ __( 'Download statement (CSV)', 'svc-hub' ) }
					</Button>
				</div>
			</CardBody>
		</Card>
	);
}
