/**
 * The admin screen's `@wordpress/data` store, registered once with the default registry.
 * Components read with `useSelect( ( select ) => select( store ).getList( '/keys', query ) )`
 * (the resolver fetches on first use) and change things with `useDispatch( store )`.
 */
import { createReduxStore, register } from '@wordpress/data';
import * as actions from './actions';
import * as budgetActions from './budget-actions';
import * as commerceActions from './commerce-actions';
import { STORE_NAME } from './constants';
import * as keysActions from './keys-actions';
import * as libraryActions from './library-actions';
import * as releaseActions from './release-actions';
import reducer from './reducer';
import * as resolvers from './resolvers';
import * as routerActions from './router-actions';
import * as selectors from './selectors';
import * as webhookActions from './webhook-actions';

export const storeConfig = {
	reducer,
	actions: {
		...actions,
		...keysActions,
		...routerActions,
		...commerceActions,
		...webhookActions,
		...libraryActions,
		...releaseActions,
		...budgetActions,
	},
	selectors,
	resolvers,
};

export const store = createReduxStore( STORE_NAME, storeConfig );

register( store );
