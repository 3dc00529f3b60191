import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import LimitEditor from './limit-editor';
import { validateConcurrency, validateRateLimit } from './validate';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { PER_PAGE } from '../../store/constants';
import { formatDateTime } from '../../utils/format';

/** Every API key, newest first, by prefix only; revoke and rotate with a confirmation. */
export default function KeyList() {
	const [ page, setPage ] = useState( 1 );
	const list = useList( '/keys', { page, per_page: PER_PAGE } );
	const {
		revokeKey,
		rotateWebhookSecret,
		setKeyRateLimit,
		setKeyConcurrency,
	} = useDispatch( store );
	const columns = [
		{
			key: 'prefix',
			label: __( 'Key', 'svc-hub' ),
			render: ( key ) => <code>{ key.prefix }</code>,
		},
		{ key: 'name', label: __( 'Name', 'svc-hub' ) },
		{ key: 'site_url', label: __( 'Site', 'svc-hub' ) },
		{ key: 'team', label: __( 'Team', 'svc-hub' ) },
		{ key: 'scope', label: __( 'Scope', 'svc-hub' ) },
		{
			key: 'rate_limit_per_minute',
			label: __( 'Requests / min', 'svc-hub' ),
			render: ( key ) =>
				key.status === 'active' ? (
					<LimitEditor
						apiKey={ key }
						field="rate_limit_per_minute"
						label={ __( 'Requests per minute', 'svc-hub' ) }
						changeLabel={ __( 'Change the rate limit', 'svc-hub' ) }
						validate={ validateRateLimit }
						save={ setKeyRateLimit }
					/>
				) : (
					key.rate_limit_per_minute
				),
		},
		{
			key: 'max_concurrent_calls',
			label: __( 'Calls at once', 'svc-hub' ),
			render: ( key ) =>
				key.status === 'active' ? (
					<LimitEditor
						apiKey={ key }
						field="max_concurrent_calls"
						label={ __( 'Calls in flight at once', 'svc-hub' ) }
						changeLabel={ __(
							'Change the concurrent calls limit',
							'svc-hub'
						) }
						validate={ validateConcurrency }
						save={ setKeyConcurrency }
					/>
				) : (
					key.max_concurrent_calls
				),
		},
		{
			key: 'last_used_at',
			label: __( 'Last used', 'svc-hub' ),
			render: ( key ) => formatDateTime( key.last_used_at ),
		},
		{
			key: 'status',
			label: __( 'Status', 'svc-hub' ),
			render: ( key ) => (
				<span className={ `svc-hub-status is-${ key.status }` }>
					{ key.status }
				</span>
			),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( key ) =>
				key.status === 'active' && (
					<div className="svc-hub-actions">
						<ConfirmButton
							label={ __( 'Revoke', 'svc-hub' ) }
							title={ sprintf(
								/* translators: %s: API key prefix. */
								__( 'Revoke %s?', 'svc-hub' ),
								key.prefix
							) }
							message={ sprintf(
								/* translators: %s: site url. */
								__(
									'Requests from %s with this key will be refused within 5 seconds on every worker. This cannot be undone.',
									'svc-hub'
								),
								key.site_url
							) }
							isDestructive
							onConfirm={ () => revokeKey( key ) }
						/>
						<ConfirmButton
							label={ __( 'Rotate webhook secret', 'svc-hub' ) }
							title={ sprintf(
								/* translators: %s: site url. */
								__( 'New webhook secret for %s?', 'svc-hub' ),
								key.site_url
							) }
							message={ __(
								'Entitlement webhooks will be signed with the new secret; the client site must be given it.',
								'svc-hub'
							) }
							onConfirm={ () => rotateWebhookSecret( key ) }
						/>
					</div>
				),
		},
	];
	return (
		<>
			<h3>{ __( 'API keys', 'svc-hub' ) }</h3>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( key ) => key.id }
				empty={ __( 'No API keys yet.', 'svc-hub' ) }
				className="svc-hub-key-list"
			/>
			<Pagination page={ page } list={ list } onChange={ setPage } />
		</>
	);
}
