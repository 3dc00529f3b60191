import ListStatus from '../list-status';

/**
 * A wp-admin list table (`widefat striped`) that scrolls sideways on narrow screens.
 *
 * @param {Object}   props
 * @param {Array}    props.columns   `[ { key, label, render?( row ) } ]`.
 * @param {Object}   props.list      `{ items, error? }` or null while loading.
 * @param {Function} props.rowKey    Row → unique key.
 * @param {string}   props.empty     Text for an empty list.
 * @param {string}   props.className Extra class of the table.
 */
export default function DataTable( {
	columns,
	list,
	rowKey,
	empty,
	className = '',
} ) {
	const status = <ListStatus list={ list } empty={ empty } />;
	if ( ! list || list.error || list.items.length === 0 ) {
		return status;
	}
	return (
		<div className="svc-hub-table-scroll">
			<table className={ `widefat striped svc-hub-table ${ className }` }>
				<thead>
					<tr>
						{ columns.map( ( column ) => (
							<th key={ column.key } scope="col">
								{ column.label }
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ list.items.map( ( row ) => (
						<tr key={ rowKey( row ) } data-row={ rowKey( row ) }>
							{ columns.map( ( column ) => (
								<td
									key={ column.key }
									data-column={ column.key }
								>
									{ column.render
										? column.render( row )
										: formatCell( row[ column.key ] ) }
								</td>
							) ) }
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}

function formatCell( value ) {
	if ( value === null || value === undefined || value === '' ) {
		return '—';
	}
	return Array.isArray( value ) ? value.join( ', ' ) : String( value );
}
