import { Button, TextControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { formatDateTime } from '../../utils/format';
import EntitlementSwitch from './entitlement-switch';
import SiteAi from './site-ai';
import { validateSiteFilter } from './validate';

/**
 * A site's entitlements, each with a "Change" dialog (suspend, reactivate, revoke, expiry).
 *
 * @param {Object} props
 * @param {string} props.siteUrl A site to show (set from an order's details).
 */
export default function SiteEntitlements( { siteUrl } ) {
	const [ typed, setTyped ] = useState( siteUrl );
	const [ shown, setShown ] = useState( siteUrl );
	const [ error, setError ] = useState();
	const [ changing, setChanging ] = useState( null );
	useEffect( () => {
		setTyped( siteUrl );
		setShown( siteUrl );
	}, [ siteUrl ] );
	const list = useList( shown ? '/entitlements' : null, { site_url: shown } );
	const show = ( event ) => {
		event.preventDefault();
		const problem =
			typed.trim() === ''
				? __( 'Give a site URL.', 'svc-hub' )
				: validateSiteFilter( typed ).site_url;
		setError( problem );
		if ( ! problem ) {
			setShown( typed.trim() );
		}
	};
	const columns = [
		{
			key: 'package_id',
			label: __( 'Package', 'svc-hub' ),
			render: ( item ) =>
				item.package_id ?? __( 'manual grant', 'svc-hub' ),
		},
		{
			key: 'status',
			label: __( 'Status', 'svc-hub' ),
			render: ( item ) => (
				<span className={ `svc-hub-status is-${ item.status }` }>
					{ item.status }
				</span>
			),
		},
		{ key: 'features', label: __( 'Features', 'svc-hub' ) },
		{
			key: 'expires_at',
			label: __( 'Expires', 'svc-hub' ),
			render: ( item ) => formatDateTime( item.expires_at ),
		},
		{
			key: 'updated_at',
			label: __( 'Updated', 'svc-hub' ),
			render: ( item ) => formatDateTime( item.updated_at ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( item ) => (
				<Button
					variant="secondary"
					onClick={ () => setChanging( item ) }
				>
					{ __( 'Change', 'svc-hub' ) }
				</Button>
			),
		},
	];
	return (
		<section className="svc-hub-site-entitlements">
			<h3>{ __( 'Entitlements', 'svc-hub' ) }</h3>
			<form
				className="svc-hub-form svc-hub-filters"
				onSubmit={ show }
				noValidate
			>
				<TextControl
					label={ __( 'Site URL', 'svc-hub' ) }
					type="url"
					value={ typed }
					onChange={ setTyped }
					help={ error }
					className={ error ? 'has-error' : '' }
				/>
				<Button variant="secondary" type="submit">
					{ __( 'Show entitlements', 'svc-hub' ) }
				</Button>
			</form>
			{ shown && (
				<DataTable
					columns={ columns }
					list={ list }
					rowKey={ ( item ) => item.id }
					empty={ __( 'This site has no entitlements.', 'svc-hub' ) }
					className="svc-hub-entitlement-list"
				/>
			) }
			{ shown && <SiteAi siteUrl={ shown } /> }
			{ changing && (
				<EntitlementSwitch
					entitlement={ changing }
					onClose={ () => setChanging( null ) }
				/>
			) }
		</section>
	);
}
