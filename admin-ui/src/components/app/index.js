import { TabPanel } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import BudgetsPanel from '../../panels/budgets';
import KeysPanel from '../../panels/keys';
import LibraryPanel from '../../panels/library';
import LicencesPanel from '../../panels/licences';
import ModelsPanel from '../../panels/models';
import OrdersPanel from '../../panels/orders';
import OverviewPanel from '../../panels/overview';
import PackagesPanel from '../../panels/packages';
import ProvidersPanel from '../../panels/providers';
import PurposesPanel from '../../panels/purposes';
import ReleasesPanel from '../../panels/releases';
import SetupPanel from '../../panels/setup';
import { needsSetup } from '../../panels/setup/checklist';
import SpendPanel from '../../panels/spend';
import WebhooksPanel from '../../panels/webhooks';
import NoticeArea from '../notice-area';

const PANELS = [
	{ name: 'setup', title: __( 'Setup', 'svc-hub' ), Panel: SetupPanel },
	{
		name: 'overview',
		title: __( 'Overview', 'svc-hub' ),
		Panel: OverviewPanel,
	},
	{
		name: 'providers',
		title: __( 'Providers', 'svc-hub' ),
		Panel: ProvidersPanel,
	},
	{
		name: 'models',
		title: __( 'Models and prices', 'svc-hub' ),
		Panel: ModelsPanel,
	},
	{
		name: 'purposes',
		title: __( 'Purposes', 'svc-hub' ),
		Panel: PurposesPanel,
	},
	{ name: 'keys', title: __( 'API keys', 'svc-hub' ), Panel: KeysPanel },
	{
		name: 'budgets',
		title: __( 'Budgets', 'svc-hub' ),
		Panel: BudgetsPanel,
	},
	{
		name: 'spend',
		title: __( 'Spend', 'svc-hub' ),
		Panel: SpendPanel,
	},
	{
		name: 'packages',
		title: __( 'Packages', 'svc-hub' ),
		Panel: PackagesPanel,
	},
	{
		name: 'orders',
		title: __( 'Orders and entitlements', 'svc-hub' ),
		Panel: OrdersPanel,
	},
	{
		name: 'licences',
		title: __( 'Licences', 'svc-hub' ),
		Panel: LicencesPanel,
	},
	{
		name: 'releases',
		title: __( 'Releases', 'svc-hub' ),
		Panel: ReleasesPanel,
	},
	{
		name: 'webhooks',
		title: __( 'Webhooks', 'svc-hub' ),
		Panel: WebhooksPanel,
	},
	{
		name: 'library',
		title: __( 'Image library', 'svc-hub' ),
		Panel: LibraryPanel,
	},
];

/** The tab named in the URL's hash (`#keys`), so a panel can be linked to and survives a reload. */
function initialTab() {
	const hash =
		typeof window === 'undefined'
			? ''
			: window.location.hash.replace( /^#/, '' );
	if ( PANELS.some( ( panel ) => panel.name === hash ) ) {
		return hash;
	}
	return needsSetup() ? 'setup' : 'overview';
}

/** The svc-hub screen: notices on top, one tab per panel. */
export default function App() {
	return (
		<div className="svc-hub-admin">
			<h1 className="svc-hub-admin__title">
				{ __( 'svc-hub', 'svc-hub' ) }
			</h1>
			<NoticeArea />
			<TabPanel
				className="svc-hub-tabs"
				initialTabName={ initialTab() }
				onSelect={ ( name ) =>
					window.history.replaceState( null, '', `#${ name }` )
				}
				tabs={ PANELS.map( ( { name, title } ) => ( {
					name,
					title,
					className: `svc-hub-tab-${ name }`,
				} ) ) }
			>
				{ ( tab ) => {
					const { Panel } = PANELS.find(
						( panel ) => panel.name === tab.name
					);
					return <Panel />;
				} }
			</TabPanel>
		</div>
	);
}
