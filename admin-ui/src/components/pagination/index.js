import { Button } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';

/**
 * Previous / next for a server-paginated list.
 *
 * @param {Object}   props
 * @param {number}   props.page     Current page (1-based).
 * @param {Object}   props.list     `{ total, totalPages }` of the page on screen.
 * @param {Function} props.onChange Called with the new page.
 */
export default function Pagination( { page, list, onChange } ) {
	if ( ! list ) {
		return null;
	}
	return (
		<div className="svc-hub-pagination">
			<span className="svc-hub-pagination__count">
				{ sprintf(
					/* translators: %1$d: total, %2$d: page, %3$d: total pages. */
					__( '%1$d items · page %2$d of %3$d', 'svc-hub' ),
					list.total,
					page,
					list.totalPages
				) }
			</span>
			<Button
				variant="secondary"
				disabled={ page <= 1 }
				onClick={ () => onChange( page - 1 ) }
			>
				{ __( 'Previous', 'svc-hub' ) }
			</Button>
			<Button
				variant="secondary"
				disabled={ page >= list.totalPages }
				onClick={ () => onChange( page + 1 ) }
			>
				{ __( 'Next', 'svc-hub' ) }
			</Button>
		</div>
	);
}
