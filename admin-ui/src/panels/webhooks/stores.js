import { Button } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { formatDateTime } from '../../utils/format';
import StoreAlerts from './store-alerts';
import StoreCredentials from './store-credentials';
import StoreForm from './store-form';
import StoreSecret from './store-secret';

/**
 * A store's deliveries: its health, failures in a row, the last verified delivery and the last reconcile.
 *
 * @param {Object} record The store.
 */
function deliveriesCell( record ) {
	const { health, verification, reconcile } = record;
	return (
		<span
			className={ `svc-hub-store-health is-${ health.status }` }
			data-health={ health.status }
		>
			<span className="svc-hub-status">{ health.status }</span>
			{ verification.failures_in_row > 0 && (
				<span>
					{ ' ' }
					{ sprintf(
						/* translators: %d: failures in row. */
						__( '%d failed in a row', 'svc-hub' ),
						verification.failures_in_row
					) }
				</span>
			) }
			<br />
			<span className="description">
				{ verification.last_success_at
					? sprintf(
							/* translators: %s: last success at. */
							__( 'last verified %s', 'svc-hub' ),
							formatDateTime( verification.last_success_at )
						)
					: __( 'never verified', 'svc-hub' ) }
				{ reconcile.last_result &&
					` · ${ sprintf( /* translators: %s: result of the last reconcile run. */ __( 'reconcile: %s', 'svc-hub' ), reconcile.last_result ) }` }
			</span>
		</span>
	);
}

/** WooCommerce stores allowed to call the order-paid webhook; secrets are write-only (last 4 shown). */
export default function Stores() {
	const list = useList( '/stores' );
	const { deleteStore } = useDispatch( store );
	const [ changing, setChanging ] = useState( null );
	const [ credentialsOf, setCredentialsOf ] = useState( null );
	const columns = [
		{ key: 'source_url', label: __( 'Store', 'svc-hub' ) },
		{
			key: 'secret_last4',
			label: __( 'Secret', 'svc-hub' ),
			render: ( record ) => `••••${ record.secret_last4 }`,
		},
		{
			key: 'health',
			label: __( 'Deliveries', 'svc-hub' ),
			render: deliveriesCell,
		},
		{
			key: 'rest_credentials',
			label: __( 'REST credentials', 'svc-hub' ),
			render: ( record ) =>
				record.rest_credentials
					? `••••${ record.rest_credentials.consumer_key_last4 }`
					: __( 'none', 'svc-hub' ),
		},
		{
			key: 'updated_at',
			label: __( 'Changed', 'svc-hub' ),
			render: ( record ) => formatDateTime( record.updated_at ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( record ) => (
				<div className="svc-hub-actions">
					<Button
						variant="secondary"
						onClick={ () => setChanging( record ) }
					>
						{ __( 'Change secret', 'svc-hub' ) }
					</Button>
					<Button
						variant="secondary"
						onClick={ () => setCredentialsOf( record ) }
					>
						{ __( 'REST credentials', 'svc-hub' ) }
					</Button>
					<ConfirmButton
						label={ __( 'Remove', 'svc-hub' ) }
						title={ sprintf(
							/* translators: %s: source url. */
							__( 'Remove %s?', 'svc-hub' ),
							record.source_url
						) }
						message={ __(
							'Its webhooks will be refused (401) until it is added again.',
							'svc-hub'
						) }
						isDestructive
						onConfirm={ () => deleteStore( record ) }
					/>
				</div>
			),
		},
	];
	return (
		<section className="svc-hub-stores">
			<h3>{ __( 'WooCommerce stores', 'svc-hub' ) }</h3>
			<StoreAlerts />
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( record ) => record.id }
				empty={ __( 'No store yet.', 'svc-hub' ) }
				className="svc-hub-store-list"
			/>
			<StoreForm />
			{ changing && (
				<StoreSecret
					record={ changing }
					onClose={ () => setChanging( null ) }
				/>
			) }
			{ credentialsOf && (
				<StoreCredentials
					record={ credentialsOf }
					onClose={ () => setCredentialsOf( null ) }
				/>
			) }
		</section>
	);
}
