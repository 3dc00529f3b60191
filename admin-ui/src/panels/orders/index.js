import { useState } from '@wordpress/element';
import EntitlementGrant from './entitlement-grant';
import OrderDetail from './order-detail';
import OrderSearch from './order-search';
import SiteEntitlements from './site-entitlements';

/** Orders and entitlements: search orders, see an order's history, switch a site's entitlements with a reason. */
export default function OrdersPanel() {
	const [ openOrder, setOpenOrder ] = useState( null );
	const [ site, setSite ] = useState( '' );
	return (
		<div className="svc-hub-panel svc-hub-orders">
			<OrderSearch onOpen={ setOpenOrder } />
			{ openOrder && (
				<OrderDetail
					orderId={ openOrder }
					onClose={ () => setOpenOrder( null ) }
					onShowSite={ ( siteUrl ) => {
						setSite( siteUrl );
						setOpenOrder( null );
					} }
				/>
			) }
			<SiteEntitlements siteUrl={ site } />
			<EntitlementGrant />
		</div>
	);
}
