import { Button, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import { useList } from '../../components/use-list';
import { PER_PAGE } from '../../store/constants';
import { formatDateTime } from '../../utils/format';
import { filterLicences } from './filter';
import LicenceDetail from './licence-detail';

/** Licences (docs/commerce.md "Licences and activations"): the list, a search on the page, a licence's detail. */
export default function LicencesPanel() {
	const [ open, setOpen ] = useState( null );
	const [ search, setSearch ] = useState( '' );
	const [ page, setPage ] = useState( 1 );
	const list = useList( open ? null : '/licenses', {
		page,
		per_page: PER_PAGE,
	} );
	if ( open ) {
		return (
			<div className="svc-hub-panel svc-hub-licences">
				<LicenceDetail id={ open } onClose={ () => setOpen( null ) } />
			</div>
		);
	}
	const shown =
		list && ! list.error
			? { ...list, items: filterLicences( list.items, search ) }
			: list;
	const columns = [
		{
			key: 'key_prefix',
			label: __( 'Key', 'svc-hub' ),
			render: ( row ) => <code>{ row.key_prefix }…</code>,
		},
		{ key: 'package_id', label: __( 'Package', 'svc-hub' ) },
		{ key: 'site_url', label: __( 'Buyer site', 'svc-hub' ) },
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'seats',
			label: __( 'Seats', 'svc-hub' ),
			render: ( row ) =>
				`${ row.seats_used } / ${ row.seats === null ? '∞' : row.seats }`,
		},
		{
			key: 'expires_at',
			label: __( 'Expires', 'svc-hub' ),
			render: ( row ) =>
				row.expires_at ? formatDateTime( row.expires_at ) : '—',
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( row ) => (
				<Button variant="secondary" onClick={ () => setOpen( row.id ) }>
					{ __( 'Details', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<div className="svc-hub-panel svc-hub-licences">
			<h3>{ __( 'Licences', 'svc-hub' ) }</h3>
			<TextControl
				label={ __(
					'Search this page (key prefix, package, site)',
					'svc-hub'
				) }
				value={ search }
				onChange={ setSearch }
			/>
			<DataTable
				columns={ columns }
				list={ shown }
				rowKey={ ( row ) => row.id }
				empty={ __( 'No licences.', 'svc-hub' ) }
			/>
			{ list && ! list.error && (
				<Pagination page={ page } list={ list } onChange={ setPage } />
			) }
		</div>
	);
}
