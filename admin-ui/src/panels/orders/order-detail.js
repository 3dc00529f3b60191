import { Button, Modal } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import ListStatus from '../../components/list-status';
import { useRecord } from '../../components/use-list';
import { formatDateTime, formatMoney } from '../../utils/format';

/**
 * One order with its status history (a refund's row with its amount) and the site's entitlement for its package.
 *
 * @param {Object}   props
 * @param {string}   props.orderId    The order.
 * @param {Function} props.onClose    Closes the dialog.
 * @param {Function} props.onShowSite Called with the order's site to show its entitlements.
 */
export default function OrderDetail( { orderId, onClose, onShowSite } ) {
	const record = useRecord( `/orders/${ encodeURIComponent( orderId ) }` );
	const order = record && record.data;
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: order id. */ __( 'Order %s', 'svc-hub' ),
				orderId
			) }
			onRequestClose={ onClose }
			className="svc-hub-order-detail"
		>
			{ ! order && (
				<ListStatus
					list={ record ? { error: record.error } : null }
					empty=""
				/>
			) }
			{ order && (
				<>
					<dl className="svc-hub-facts">
						<dt>{ __( 'Site', 'svc-hub' ) }</dt>
						<dd>{ order.site_url }</dd>
						<dt>{ __( 'Package', 'svc-hub' ) }</dt>
						<dd>{ order.package_id }</dd>
						<dt>{ __( 'Total', 'svc-hub' ) }</dt>
						<dd>{ formatMoney( order.total ) }</dd>
						<dt>{ __( 'Status', 'svc-hub' ) }</dt>
						<dd>{ order.status }</dd>
						<dt>{ __( 'WooCommerce order', 'svc-hub' ) }</dt>
						<dd>{ order.woo_order_id ?? '—' }</dd>
						<dt>{ __( 'Entitlement', 'svc-hub' ) }</dt>
						<dd>
							{ order.entitlement
								? `${ order.entitlement.status } (${ order.entitlement.features.join( ', ' ) })`
								: '—' }
						</dd>
					</dl>
					<h3>{ __( 'History', 'svc-hub' ) }</h3>
					<DataTable
						columns={ [
							{
								key: 'at',
								label: __( 'When', 'svc-hub' ),
								render: ( entry ) => formatDateTime( entry.at ),
							},
							{ key: 'status', label: __( 'Status', 'svc-hub' ) },
							{ key: 'source', label: __( 'Source', 'svc-hub' ) },
							{ key: 'detail', label: __( 'Detail', 'svc-hub' ) },
							{
								key: 'refund',
								label: __( 'Refunded', 'svc-hub' ),
								render: ( entry ) =>
									entry.refund
										? formatMoney( entry.refund.amount )
										: '',
							},
						] }
						list={ { items: order.history } }
						rowKey={ ( entry ) =>
							`${ entry.at }-${ entry.status }-${
								entry.refund ? entry.refund.id : ''
							}`
						}
						empty={ __( 'No history.', 'svc-hub' ) }
					/>
					<Button
						variant="secondary"
						onClick={ () => onShowSite( order.site_url ) }
					>
						{ __( "Show this site's entitlements", 'svc-hub' ) }
					</Button>
				</>
			) }
		</Modal>
	);
}
