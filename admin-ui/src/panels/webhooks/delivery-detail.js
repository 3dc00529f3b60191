import { Button, Modal } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import ListStatus from '../../components/list-status';
import { useRecord } from '../../components/use-list';
import { store } from '../../store';
import { formatDateTime } from '../../utils/format';

/**
 * One outbound delivery: its payload, every attempt, and "Retry now" unless it was delivered.
 *
 * @param {Object}   props
 * @param {string}   props.id      Delivery id (`msg_…`).
 * @param {Function} props.onClose Closes the dialog.
 */
export default function DeliveryDetail( { id, onClose } ) {
	const record = useRecord( `/deliveries/${ encodeURIComponent( id ) }` );
	const { retryDelivery } = useDispatch( store );
	const delivery = record && record.data;
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: delivery id. */ __(
					'Delivery %s',
					'svc-hub'
				),
				id
			) }
			onRequestClose={ onClose }
			className="svc-hub-delivery-detail"
		>
			{ ! delivery && (
				<ListStatus
					list={ record ? { error: record.error } : null }
					empty=""
				/>
			) }
			{ delivery && (
				<>
					<dl className="svc-hub-facts">
						<dt>{ __( 'Site', 'svc-hub' ) }</dt>
						<dd>{ delivery.site_url }</dd>
						<dt>{ __( 'Event', 'svc-hub' ) }</dt>
						<dd>{ delivery.event_type }</dd>
						<dt>{ __( 'Status', 'svc-hub' ) }</dt>
						<dd className="svc-hub-delivery__status">
							{ delivery.status }
						</dd>
						<dt>{ __( 'Next attempt', 'svc-hub' ) }</dt>
						<dd>
							{ delivery.next_attempt_at
								? formatDateTime( delivery.next_attempt_at )
								: '—' }
						</dd>
					</dl>
					{ delivery.status !== 'delivered' && (
						<Button
							variant="primary"
							onClick={ () => retryDelivery( id ) }
						>
							{ __( 'Retry now', 'svc-hub' ) }
						</Button>
					) }
					<h3>{ __( 'Attempts', 'svc-hub' ) }</h3>
					<DataTable
						columns={ [
							{ key: 'attempt', label: '#' },
							{
								key: 'started_at',
								label: __( 'Started', 'svc-hub' ),
								render: ( attempt ) =>
									formatDateTime( attempt.started_at ),
							},
							{
								key: 'endpoint',
								label: __( 'Endpoint', 'svc-hub' ),
							},
							{
								key: 'http_status',
								label: __( 'HTTP', 'svc-hub' ),
							},
							{
								key: 'duration_ms',
								label: __( 'ms', 'svc-hub' ),
							},
							{ key: 'error', label: __( 'Error', 'svc-hub' ) },
							{
								key: 'response_excerpt',
								label: __( 'Answer', 'svc-hub' ),
							},
						] }
						list={ { items: delivery.attempt_log } }
						rowKey={ ( attempt ) => String( attempt.attempt ) }
						empty={ __( 'Not attempted yet.', 'svc-hub' ) }
					/>
					<h3>{ __( 'Payload', 'svc-hub' ) }</h3>
					<pre className="svc-hub-code">
						{ JSON.stringify( delivery.payload, null, 2 ) }
					</pre>
				</>
			) }
		</Modal>
	);
}
