import { Button } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { formatDateTime } from '../../utils/format';
import StoreForm from './store-form';
import StoreSecret from './store-secret';

/** WooCommerce stores allowed to call the order-paid webhook; secrets are write-only (last 4 shown). */
export default function Stores() {
	const list = useList( '/stores' );
	const { deleteStore } = useDispatch( store );
	const [ changing, setChanging ] = useState( null );
	const columns = [
		{ key: 'source_url', label: __( 'Store', 'svc-hub' ) },
		{ key: 'secret_last4', label: __( 'Secret', 'svc-hub' ), render: ( record ) => `••••${ record.secret_last4 }` },
		{ key: 'updated_at', label: __( 'Changed', 'svc-hub' ), render: ( record ) => formatDateTime( record.updated_at ) },
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( record ) => (
				<div className="svc-hub-actions">
					<Button variant="secondary" onClick={ () => setChanging( record ) }>
						{ __( 'Change secret', 'svc-hub' ) }
					</Button>
					<ConfirmButton
						label={ __( 'Remove', 'svc-hub' ) }
						title={ sprintf( __( 'Remove %s?', 'svc-hub' ), record.source_url ) }
						message={ __( "Its webhooks will be refused (401) until it is added again.", 'svc-hub' ) }
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
			<DataTable columns={ columns } list={ list } rowKey={ ( record ) => record.id } empty={ __( 'No store yet.', 'svc-hub' ) } className="svc-hub-store-list" />
			<StoreForm />
			{ changing && <StoreSecret record={ changing } onClose={ () => setChanging( null ) } /> }
		</section>
	);
}
