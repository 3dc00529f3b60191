import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import { useList } from '../../components/use-list';
import { PER_PAGE } from '../../store/constants';
import { formatDateTime, formatMoney } from '../../utils/format';
import { ORDER_STATUSES, validateSiteFilter } from './validate';

/**
 * Orders by site and status, newest first, paginated on the server.
 *
 * @param {Object}   props
 * @param {Function} props.onOpen Called with an order id to show its details.
 */
export default function OrderSearch( { onOpen } ) {
	const [ typed, setTyped ] = useState( { site_url: '', status: '' } );
	const [ filters, setFilters ] = useState( { site_url: '', status: '' } );
	const [ errors, setErrors ] = useState( {} );
	const [ page, setPage ] = useState( 1 );
	const list = useList( '/orders', {
		site_url: filters.site_url,
		status: filters.status,
		page,
		per_page: PER_PAGE,
	} );
	const search = ( event ) => {
		event.preventDefault();
		const found = validateSiteFilter( typed.site_url );
		setErrors( found );
		if ( Object.keys( found ).length === 0 ) {
			setFilters( {
				site_url: typed.site_url.trim(),
				status: typed.status,
			} );
			setPage( 1 );
		}
	};
	const columns = [
		{
			key: 'id',
			label: __( 'Order', 'svc-hub' ),
			render: ( order ) => <code>{ order.id }</code>,
		},
		{ key: 'site_url', label: __( 'Site', 'svc-hub' ) },
		{ key: 'package_id', label: __( 'Package', 'svc-hub' ) },
		{
			key: 'total',
			label: __( 'Total', 'svc-hub' ),
			render: ( order ) => formatMoney( order.total ),
		},
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'created_at',
			label: __( 'Created', 'svc-hub' ),
			render: ( order ) => formatDateTime( order.created_at ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( order ) => (
				<Button
					variant="secondary"
					onClick={ () => onOpen( order.id ) }
				>
					{ __( 'Details', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<section className="svc-hub-order-search">
			<h3>{ __( 'Orders', 'svc-hub' ) }</h3>
			<form
				className="svc-hub-form svc-hub-filters"
				onSubmit={ search }
				noValidate
			>
				<TextControl
					label={ __( 'Site URL', 'svc-hub' ) }
					type="url"
					value={ typed.site_url }
					onChange={ ( value ) =>
						setTyped( { ...typed, site_url: value } )
					}
					help={ errors.site_url }
					className={ errors.site_url ? 'has-error' : '' }
				/>
				<SelectControl
					label={ __( 'Status', 'svc-hub' ) }
					value={ typed.status }
					options={ [
						{ value: '', label: __( 'any', 'svc-hub' ) },
						...ORDER_STATUSES.map( ( status ) => ( {
							value: status,
							label: status,
						} ) ),
					] }
					onChange={ ( value ) =>
						setTyped( { ...typed, status: value } )
					}
				/>
				<Button variant="secondary" type="submit">
					{ __( 'Search orders', 'svc-hub' ) }
				</Button>
			</form>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( order ) => order.id }
				empty={ __( 'No orders match.', 'svc-hub' ) }
				className="svc-hub-order-list"
			/>
			<Pagination page={ page } list={ list } onChange={ setPage } />
		</section>
	);
}
