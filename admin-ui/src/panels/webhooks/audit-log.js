import { Button, SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import { useList } from '../../components/use-list';
import { PER_PAGE } from '../../store/constants';
import { formatDateTime } from '../../utils/format';
import AuditEntry from './audit-entry';
import { AUDIT_OUTCOMES, SIGNATURE_RESULTS } from './validate';

/**
 * One attempt, or the tally of attempts past a limit from one address in one minute.
 *
 * @param {Object} entry An audit list entry.
 * @return {string} `1`, or `37 until <time of the last>`.
 */
function attemptsLabel( entry ) {
	if ( ! entry.attempts || entry.attempts === 1 ) {
		return '1';
	}
	/* translators: 1: number of attempts, 2: date and time of the last. */
	return sprintf(
		/* translators: %1$d: attempts, %2$s: last received at. */
		__( '%1$d until %2$s', 'svc-hub' ),
		entry.attempts,
		formatDateTime( entry.last_received_at )
	);
}

/**
 * One filter of the list: `any` or one of `values`.
 *
 * @param {Object}   props
 * @param {string}   props.label    The control's label.
 * @param {string}   props.value    The chosen value ('' for any).
 * @param {string[]} props.values   The values to choose from.
 * @param {Function} props.onChange Called with the new value.
 */
function Filter( { label, value, values, onChange } ) {
	return (
		<SelectControl
			label={ label }
			value={ value }
			options={ [
				{ value: '', label: __( 'any', 'svc-hub' ) },
				...values.map( ( option ) => ( {
					value: option,
					label: option,
				} ) ),
			] }
			onChange={ onChange }
		/>
	);
}

/** The webhook verification audit log, newest first, filtered by signature result and outcome. */
export default function AuditLog() {
	const [ result, setResult ] = useState( '' );
	const [ outcome, setOutcome ] = useState( '' );
	const [ page, setPage ] = useState( 1 );
	const [ open, setOpen ] = useState( null );
	const list = useList( '/webhook-audit', {
		result,
		outcome,
		page,
		per_page: PER_PAGE,
	} );
	const columns = [
		{
			key: 'received_at',
			label: __( 'Received', 'svc-hub' ),
			render: ( entry ) => formatDateTime( entry.received_at ),
		},
		{ key: 'client_ip', label: __( 'Client address', 'svc-hub' ) },
		{
			key: 'attempts',
			label: __( 'Attempts', 'svc-hub' ),
			render: attemptsLabel,
		},
		{ key: 'source', label: __( 'Source', 'svc-hub' ) },
		{ key: 'topic', label: __( 'Topic', 'svc-hub' ) },
		{ key: 'signature_result', label: __( 'Signature', 'svc-hub' ) },
		{ key: 'outcome', label: __( 'Outcome', 'svc-hub' ) },
		{ key: 'http_status', label: __( 'HTTP', 'svc-hub' ) },
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( entry ) => (
				<Button
					variant="secondary"
					onClick={ () => setOpen( entry.id ) }
				>
					{ __( 'Open', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<section className="svc-hub-audit-log">
			<h3>{ __( 'Webhook audit log', 'svc-hub' ) }</h3>
			<Filter
				label={ __( 'Signature result', 'svc-hub' ) }
				value={ result }
				values={ SIGNATURE_RESULTS }
				onChange={ ( value ) => {
					setResult( value );
					setPage( 1 );
				} }
			/>
			<Filter
				label={ __( 'Outcome', 'svc-hub' ) }
				value={ outcome }
				values={ AUDIT_OUTCOMES }
				onChange={ ( value ) => {
					setOutcome( value );
					setPage( 1 );
				} }
			/>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( entry ) => String( entry.id ) }
				empty={ __( 'No webhook attempts.', 'svc-hub' ) }
				className="svc-hub-audit-list"
			/>
			<Pagination page={ page } list={ list } onChange={ setPage } />
			{ open !== null && (
				<AuditEntry id={ open } onClose={ () => setOpen( null ) } />
			) }
		</section>
	);
}
