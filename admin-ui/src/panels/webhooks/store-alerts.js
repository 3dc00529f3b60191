import { Notice } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import { useList } from '../../components/use-list';

/** Statuses that need the admin: deliveries failing verification, a webhook WooCommerce disabled, a silent store. */
const NOTICE_STATUS = {
	failing: 'warning',
	disabled: 'error',
	silent: 'warning',
};

/**
 * Each store whose webhook needs attention, read from the stores route (`health`).
 *
 * @param {Object|null} list The stores list from useList( '/stores' ).
 */
export function troubledStores( list ) {
	if ( ! list || list.error ) {
		return [];
	}
	return list.items.filter(
		( record ) => record.health && NOTICE_STATUS[ record.health.status ]
	);
}

/**
 * One notice per WooCommerce store in trouble: what happened (failed verification, disabled,
 * silent), the likely cause and what to do. Shown on the overview and the Webhooks panel.
 */
export default function StoreAlerts() {
	const list = useList( '/stores' );
	const stores = troubledStores( list );
	return (
		<div
			className="svc-hub-store-alerts"
			data-loaded={ list && ! list.error ? 'true' : 'false' }
		>
			{ stores.map( ( record ) => (
				<Notice
					key={ record.id }
					status={ NOTICE_STATUS[ record.health.status ] }
					isDismissible={ false }
					className={ `svc-hub-store-alert is-${ record.health.status }` }
				>
					<p>
						<strong>
							{ sprintf(
								/* translators: %s: source url. */
								__( 'WooCommerce store %s:', 'svc-hub' ),
								record.source_url
							) }
						</strong>{ ' ' }
						{ record.health.message }
					</p>
					<p>{ record.health.action }</p>
				</Notice>
			) ) }
		</div>
	);
}
