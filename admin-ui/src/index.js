/**
 * Entry of the wp-admin screen: mounts the app into the root element the PHP page printed
 * (the script is enqueued in the footer, after it).
 */
import { createRoot, render } from '@wordpress/element';
import { configureApiFetch } from './api/client';
import App from './components/app';
import './store';
import './index.scss';

const root = document.getElementById( 'svc-hub-admin-root' );
if ( root ) {
	configureApiFetch();
	// createRoot is React 18 (WordPress 6.2+); WordPress 6.1 has React 17's render.
	if ( typeof createRoot === 'function' ) {
		createRoot( root ).render( <App /> );
	} else {
		render( <App />, root );
	}
}
