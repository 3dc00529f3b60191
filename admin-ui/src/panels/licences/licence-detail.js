import { Button, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import CopyButton from '../../components/copy-button';
import DataTable from '../../components/data-table';
import { useRecord } from '../../components/use-list';
import { store } from '../../store';
import { formatDateTime } from '../../utils/format';

/**
 * One licence (`GET licenses/{id}`): its key, seats, activations with "Deactivate"
 * (`POST activations/{id}/deactivate`), and a customer's staging patterns (`GET staging-patterns`, add, remove).
 *
 * @param {Object}   props
 * @param {string}   props.id      Licence id.
 * @param {Function} props.onClose Back to the list.
 */
export default function LicenceDetail( { id, onClose } ) {
	const record = useRecord( `/licenses/${ id }` );
	const licence = record?.data ?? null;
	const { mutate } = useDispatch( store );
	const [ pattern, setPattern ] = useState( {
		customer_id: '',
		pattern: '',
	} );
	const [ customer, setCustomer ] = useState( '' );
	const patterns = useRecord( customer ? '/staging-patterns' : null, {
		customer_id: customer,
	} );
	const deactivate = ( activationId ) =>
		mutate( {
			path: `/activations/${ activationId }/deactivate`,
			success: ( ended ) =>
				`${ ended.site_url }: ${ __( 'deactivated; its seat is free.', 'svc-hub' ) }`,
		} );
	const addPattern = async ( event ) => {
		event.preventDefault();
		const { result } = await mutate( {
			path: '/staging-patterns',
			data: {
				customer_id: pattern.customer_id.trim(),
				pattern: pattern.pattern.trim(),
			},
			success: () => __( 'Staging pattern added.', 'svc-hub' ),
		} );
		if ( result ) {
			setCustomer( result.customer_id );
			setPattern( { ...pattern, pattern: '' } );
		}
	};
	const removePattern = ( item ) =>
		mutate( {
			path: '/staging-patterns/remove',
			data: { customer_id: customer, pattern: item },
			success: () => __( 'Staging pattern removed.', 'svc-hub' ),
		} );
	const columns = [
		{ key: 'site_url', label: __( 'Site', 'svc-hub' ) },
		{
			key: 'staging',
			label: __( 'Staging', 'svc-hub' ),
			render: ( row ) => ( row.staging ? __( 'yes', 'svc-hub' ) : '' ),
		},
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'created_at',
			label: __( 'Activated', 'svc-hub' ),
			render: ( row ) => formatDateTime( row.created_at ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( row ) =>
				row.status === 'active' && (
					<ConfirmButton
						label={ __( 'Deactivate', 'svc-hub' ) }
						title={ __( 'Deactivate this site?', 'svc-hub' ) }
						message={ __(
							'Its API key is revoked and its seat is free again.',
							'svc-hub'
						) }
						onConfirm={ () => deactivate( row.id ) }
						isDestructive
					/>
				),
		},
	];
	return (
		<section className="svc-hub-licence-detail">
			<Button variant="link" onClick={ onClose }>
				{ __( '← Licences', 'svc-hub' ) }
			</Button>
			{ record?.error && (
				<div className="notice notice-error">
					<p>{ record.error.message }</p>
				</div>
			) }
			{ licence && (
				<>
					<h3>
						{ licence.package_id } — { licence.site_url }
					</h3>
					<p>
						<code className="svc-hub-licence-key">
							{ licence.license_key }
						</code>{ ' ' }
						<CopyButton text={ licence.license_key } />
					</p>
					<p className="svc-hub-seats">
						{ __( 'Seats used:', 'svc-hub' ) }{ ' ' }
						{ licence.seats_used } /{ ' ' }
						{ licence.seats === null
							? __( 'unlimited', 'svc-hub' )
							: licence.seats }{ ' ' }
						· { licence.status } ·{ ' ' }
						{ licence.expires_at
							? formatDateTime( licence.expires_at )
							: __( 'no expiry', 'svc-hub' ) }
					</p>
					<DataTable
						columns={ columns }
						list={ { items: licence.activations } }
						rowKey={ ( row ) => row.id }
						empty={ __(
							'No site activated this licence yet.',
							'svc-hub'
						) }
						className="svc-hub-activations"
					/>
				</>
			) }
			<h4>{ __( 'Staging patterns', 'svc-hub' ) }</h4>
			<form
				className="svc-hub-form svc-hub-staging-form"
				onSubmit={ addPattern }
				noValidate
			>
				<TextControl
					label={ __( 'Customer id', 'svc-hub' ) }
					value={ pattern.customer_id }
					onChange={ ( value ) =>
						setPattern( { ...pattern, customer_id: value } )
					}
					help={ __(
						'cus_… (Orders → a site → its customer)',
						'svc-hub'
					) }
				/>
				<TextControl
					label={ __( 'Host pattern', 'svc-hub' ) }
					value={ pattern.pattern }
					onChange={ ( value ) =>
						setPattern( { ...pattern, pattern: value } )
					}
					help={ __( 'e.g. *.staging.agency.example', 'svc-hub' ) }
				/>
				<Button variant="secondary" type="submit">
					{ __( 'Add staging pattern', 'svc-hub' ) }
				</Button>
			</form>
			<Button
				variant="link"
				onClick={ () => setCustomer( pattern.customer_id.trim() ) }
			>
				{ __( "Show the customer's patterns", 'svc-hub' ) }
			</Button>
			{ patterns?.error && (
				<div className="notice notice-error">
					<p>{ patterns.error.message }</p>
				</div>
			) }
			{ patterns?.data && (
				<ul className="svc-hub-staging-patterns">
					{ patterns.data.patterns.map( ( item ) => (
						<li key={ item }>
							<code>{ item }</code>{ ' ' }
							<Button
								variant="link"
								isDestructive
								onClick={ () => removePattern( item ) }
							>
								{ __( 'Remove', 'svc-hub' ) }
							</Button>
						</li>
					) ) }
				</ul>
			) }
		</section>
	);
}
