import { Modal } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import { useRecord } from '../../components/use-list';
import { formatDateTime } from '../../utils/format';

/**
 * The headers kept and the body as received.
 *
 * @param {Object} props
 * @param {Object} props.entry A full audit entry.
 */
function Received( { entry } ) {
	return (
		<>
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
					? sprintf(
							/* translators: %1$d: size of the body in bytes, %2$s: its encoding (utf8 or base64). */
							__(
								'Body (first 64 KiB of %1$d bytes, %2$s)',
								'svc-hub'
							),
							entry.body_bytes,
							entry.body_encoding
						)
					: sprintf(
							/* translators: %1$d: size of the body in bytes, %2$s: its encoding (utf8 or base64). */
							__( 'Body (%1$d bytes, %2$s)', 'svc-hub' ),
							entry.body_bytes,
							entry.body_encoding
						) }
			</h3>
			<pre className="svc-hub-code svc-hub-audit-body">
				{ entry.body }
			</pre>
		</>
	);
}

/**
 * @param {Object} entry A tally: rate-limited failures, or pings past the limit's number a minute.
 * @return {string} How many, until when, and that nothing of them was kept.
 */
function tallyText( entry ) {
	if ( entry.outcome === 'ping' ) {
		return sprintf(
			/* translators: 1: number of pings, 2: date and time of the last, 3: bytes they sent. */
			__(
				'%1$d pings from this address until %2$s, past the number a minute kept in full: each answered 200, counted, not stored (%3$d bytes in all).',
				'svc-hub'
			),
			entry.attempts,
			formatDateTime( entry.last_received_at ),
			entry.body_bytes
		);
	}
	return sprintf(
		/* translators: 1: number of attempts, 2: date and time of the last, 3: bytes they sent. */
		__(
			'%1$d from this address until %2$s, over the failure limit: counted, not stored (no headers, no body; %3$d bytes in all).',
			'svc-hub'
		),
		entry.attempts,
		formatDateTime( entry.last_received_at ),
		entry.body_bytes
	);
}

/**
 * One webhook attempt in full: verification, outcome, every header kept and the body as
 * received — or, for a tally of attempts past a limit, how many there were.
 *
 * @param {Object}   props
 * @param {number}   props.id      Audit entry id.
 * @param {Function} props.onClose Closes the dialog.
 */
export default function AuditEntry( { id, onClose } ) {
	const record = useRecord( `/webhook-audit/${ id }` );
	const entry = record && record.data;
	// Attempts past a limit are tallied: one row per address, minute and outcome, without headers or body.
	const tallied =
		!! entry && ( entry.tallied ?? entry.outcome === 'rate_limited' );
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: webhook attempt id. */ __(
					'Webhook attempt %s',
					'svc-hub'
				),
				id
			) }
			onRequestClose={ onClose }
			className="svc-hub-audit-entry"
		>
			{ ! entry && (
				<ListStatus
					list={ record ? { error: record.error } : null }
					empty=""
				/>
			) }
			{ entry && (
				<>
					<dl className="svc-hub-facts">
						<dt>{ __( 'Received', 'svc-hub' ) }</dt>
						<dd>{ formatDateTime( entry.received_at ) }</dd>
						<dt>{ __( 'Client address', 'svc-hub' ) }</dt>
						<dd>{ entry.client_ip || '—' }</dd>
						{ tallied && <dt>{ __( 'Attempts', 'svc-hub' ) }</dt> }
						{ tallied && (
							<dd className="svc-hub-audit-entry__attempts">
								{ tallyText( entry ) }
							</dd>
						) }
						<dt>{ __( 'Source', 'svc-hub' ) }</dt>
						<dd>{ entry.source || '—' }</dd>
						<dt>{ __( 'Topic', 'svc-hub' ) }</dt>
						<dd>{ entry.topic || '—' }</dd>
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
					{ ! tallied && <Received entry={ entry } /> }
				</>
			) }
		</Modal>
	);
}
