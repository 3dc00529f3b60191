import { Button, SelectControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { formatMoney } from '../../utils/format';
import PackageForm from './package-form';
import { describeAi } from './ai-summary';

/** Packages: create, edit, archive and reactivate; price, features, duration, sites per licence, WooCommerce product, store. */
export default function PackagesPanel() {
	const [ status, setStatus ] = useState( 'active' );
	const [ editing, setEditing ] = useState( null );
	const list = useList( '/packages', { status } );
	const { setPackageStatus } = useDispatch( store );
	const columns = [
		{
			key: 'package_id',
			label: __( 'Id', 'svc-hub' ),
			render: ( record ) => <code>{ record.package_id }</code>,
		},
		{ key: 'name', label: __( 'Name', 'svc-hub' ) },
		{
			key: 'price',
			label: __( 'Price', 'svc-hub' ),
			render: ( record ) => formatMoney( record.price ),
		},
		{ key: 'features', label: __( 'Features', 'svc-hub' ) },
		{
			key: 'ai',
			label: __( 'AI', 'svc-hub' ),
			render: ( record ) => describeAi( record ),
		},
		{ key: 'duration_days', label: __( 'Days', 'svc-hub' ) },
		{
			key: 'sites',
			label: __( 'Sites', 'svc-hub' ),
			render: ( record ) =>
				record.sites === null || record.sites === undefined
					? __( 'unlimited', 'svc-hub' )
					: String( record.sites ),
		},
		{ key: 'woo_product_id', label: __( 'Product', 'svc-hub' ) },
		{
			key: 'store',
			label: __( 'Store', 'svc-hub' ),
			render: ( record ) => record.store ?? __( 'this site', 'svc-hub' ),
		},
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( record ) => (
				<div className="svc-hub-actions">
					<Button
						variant="secondary"
						onClick={ () => setEditing( record ) }
					>
						{ __( 'Edit', 'svc-hub' ) }
					</Button>
					{ record.status === 'active' ? (
						<ConfirmButton
							label={ __( 'Archive', 'svc-hub' ) }
							title={ sprintf(
								/* translators: %s: package id. */
								__( 'Archive %s?', 'svc-hub' ),
								record.package_id
							) }
							message={ __(
								'It can no longer be bought; existing entitlements stay.',
								'svc-hub'
							) }
							onConfirm={ () =>
								setPackageStatus( record.package_id, 'archive' )
							}
						/>
					) : (
						<Button
							variant="secondary"
							onClick={ () =>
								setPackageStatus(
									record.package_id,
									'activate'
								)
							}
						>
							{ __( 'Reactivate', 'svc-hub' ) }
						</Button>
					) }
				</div>
			),
		},
	];
	return (
		<div className="svc-hub-panel svc-hub-packages">
			{ editing ? (
				<PackageForm
					key={ editing.package_id }
					record={ editing }
					onDone={ () => setEditing( null ) }
				/>
			) : (
				<PackageForm record={ null } onDone={ () => {} } />
			) }
			<SelectControl
				label={ __( 'Show', 'svc-hub' ) }
				value={ status }
				options={ [
					{
						value: 'active',
						label: __( 'Active packages', 'svc-hub' ),
					},
					{
						value: 'archived',
						label: __( 'Archived packages', 'svc-hub' ),
					},
				] }
				onChange={ setStatus }
			/>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( record ) => record.package_id }
				empty={ __( 'No packages here.', 'svc-hub' ) }
				className="svc-hub-package-list"
			/>
		</div>
	);
}
