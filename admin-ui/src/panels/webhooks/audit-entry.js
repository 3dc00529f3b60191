import { Modal } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import { useRecord } from '../../components/use-list';
import { formatDateTime } from '../../utils/format';

/**
 * One webhook attempt in full: verification, outcome, every header and the body as received.
 *
 * @param {Object}   props
 * @param {number}   props.id      Audit entry id.
 * @param {Function} props.onClose Closes the dialog.
 */
export default function AuditEntry( { id, onClose } ) {
	const record = useRecord( `/webhook-audit/${ id }` );
	const entry = record && record.data;
	return (
		<Modal title={ sprintf( __( 'Webhook attempt %s', 'svc-hub' ), id ) } onRequestClose={ onClose } className="svc-hub-audit-entry">
			{ ! entry && <ListStatus list={ record ? { error: record.error } : null } empty="" /> }
			{ entry && (
				<>
					<dl className="svc-hub-facts">
						<dt>{ __( 'Received', 'svc-hub' ) }</dt>
						<dd>{ formatDateTime( entry.received_at ) }</dd>
						<dt>{ __( 'Source', 'svc-hub' ) }</dt>
						<dd>{ entry.source ?? '—' }</dd>
						<dt>{ __( 'Topic', 'svc-hub' ) }</dt>
						<dd>{ entry.topic ?? '—' }</dd>
						<dt>{ __( 'Signature', 'svc-hub' ) }</dt>
						<dd className="svc-hub-audit-entry__signature">
							{ entry.signature_result }
							{ entry.reason ? ` — ${ entry.reason }` : '' }
						</dd>
						<dt>{ __( 'Outcome', 'svc-hub' ) }</dt>
						<dd>{ `${ entry.outcome } (HTTP ${ entry.http_status })` }</dd>
						<dt>{ __( 'Order', 'svc-hub' ) }</dt>
						<dd>{ entry.order_id ?? '—' }</dd>
					</dl>
					<h3>{ __( 'Headers', 'svc-hub' ) }</h3>
					<table className="widefat striped svc-hub-audit-headers">
						<tbody>
							{ entry.headers.map( ( [ name, value ], index ) => (
								<tr key={ `${ name }-${ index }` }>
									<th scope="row">{ name }</th>
									<td>
										<code>{ value }</code>
									</td>
								</tr>
							) ) }
						</tbody>
					</table>
					<h3>
						{ entry.body_truncated
							? sprintf( __( 'Body (first 64 KiB of %d bytes, %s)', 'svc-hub' ), entry.body_bytes, entry.body_encoding )
							: sprintf( __( 'Body (%d bytes, %s)', 'svc-hub' ), entry.body_bytes, entry.body_encoding ) }
					</h3>
					<pre className="svc-hub-code svc-hub-audit-body">{ entry.body }</pre>
				</>
			) }
		</Modal>
	);
}
