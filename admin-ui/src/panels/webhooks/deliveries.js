import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import { useList } from '../../components/use-list';
import { PER_PAGE } from '../../store/constants';
import { formatDateTime } from '../../utils/format';
import { validateSiteFilter } from '../orders/validate';
import DeliveryDetail from './delivery-detail';
import { DELIVERY_STATUSES } from './validate';

/** Outbound entitlement deliveries to client sites, by status and site, with their attempts. */
export default function Deliveries() {
	const [ typed, setTyped ] = useState( { status: '', site_url: '' } );
	const [ filters, setFilters ] = useState( { status: '', site_url: '' } );
	const [ error, setError ] = useState();
	const [ page, setPage ] = useState( 1 );
	const [ open, setOpen ] = useState( null );
	const list = useList( '/deliveries', {
		status: filters.status,
		site_url: filters.site_url,
		page,
		per_page: PER_PAGE,
	} );
	const search = ( event ) => {
		event.preventDefault();
		const problem = validateSiteFilter( typed.site_url ).site_url;
		setError( problem );
		if ( ! problem ) {
			setFilters( {
				status: typed.status,
				site_url: typed.site_url.trim(),
			} );
			setPage( 1 );
		}
	};
	const columns = [
		{
			key: 'created_at',
			label: __( 'Created', 'svc-hub' ),
			render: ( delivery ) => formatDateTime( delivery.created_at ),
		},
		{ key: 'site_url', label: __( 'Site', 'svc-hub' ) },
		{ key: 'event_type', label: __( 'Event', 'svc-hub' ) },
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{ key: 'attempts', label: __( 'Attempts', 'svc-hub' ) },
		{ key: 'last_http_status', label: __( 'Last HTTP', 'svc-hub' ) },
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( delivery ) => (
				<Button
					variant="secondary"
					onClick={ () => setOpen( delivery.id ) }
				>
					{ __( 'Open', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<section className="svc-hub-deliveries">
			<h3>{ __( 'Outbound deliveries', 'svc-hub' ) }</h3>
			<form
				className="svc-hub-form svc-hub-filters"
				onSubmit={ search }
				noValidate
			>
				<SelectControl
					label={ __( 'Status', 'svc-hub' ) }
					value={ typed.status }
					options={ [
						{ value: '', label: __( 'any', 'svc-hub' ) },
						...DELIVERY_STATUSES.map( ( value ) => ( {
							value,
							label: value,
						} ) ),
					] }
					onChange={ ( value ) =>
						setTyped( { ...typed, status: value } )
					}
				/>
				<TextControl
					label={ __( 'Site URL', 'svc-hub' ) }
					type="url"
					value={ typed.site_url }
					onChange={ ( value ) =>
						setTyped( { ...typed, site_url: value } )
					}
					help={ error }
					className={ error ? 'has-error' : '' }
				/>
				<Button variant="secondary" type="submit">
					{ __( 'Filter', 'svc-hub' ) }
				</Button>
			</form>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( delivery ) => delivery.id }
				empty={ __( 'No deliveries.', 'svc-hub' ) }
				className="svc-hub-delivery-list"
			/>
			<Pagination page={ page } list={ list } onChange={ setPage } />
			{ open && (
				<DeliveryDetail id={ open } onClose={ () => setOpen( null ) } />
			) }
		</section>
	);
}
