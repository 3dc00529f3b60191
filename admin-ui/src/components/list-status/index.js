import { Notice, Spinner } from '@wordpress/components';

/**
 * What to show instead of a list's rows: a spinner while loading, the API's error, or the
 * empty text. Renders nothing when there are rows.
 *
 * @param {Object}      props
 * @param {Object|null} props.list  `{ items, error? }` or null while loading.
 * @param {string}      props.empty Text for an empty list.
 */
export default function ListStatus( { list, empty } ) {
	if ( ! list ) {
		return <Spinner />;
	}
	if ( list.error ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ list.error.message }
			</Notice>
		);
	}
	if ( list.items && list.items.length === 0 ) {
		return <p className="svc-hub-empty">{ empty }</p>;
	}
	return null;
}
