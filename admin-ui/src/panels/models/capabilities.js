import { __ } from '@wordpress/i18n';

/** The `supports` flags shown as badges, in this order (GET /models, docs/api-notes.md). */
const BADGES = [
	[ 'tools', __( 'tools', 'svc-hub' ) ],
	[ 'images', __( 'images', 'svc-hub' ) ],
	[ 'json_schema', __( 'JSON schema', 'svc-hub' ) ],
	[ 'json_object', __( 'JSON', 'svc-hub' ) ],
	[ 'reasoning', __( 'reasoning', 'svc-hub' ) ],
];

/**
 * Small badges for what a chat model honours; "JSON" only when it has no JSON schema.
 *
 * @param {Object} props
 * @param {Object} props.supports The model's `supports` from GET /models.
 */
export default function Capabilities( { supports } ) {
	const shown = BADGES.filter(
		( [ flag ] ) =>
			supports?.[ flag ] &&
			! ( flag === 'json_object' && supports.json_schema )
	);
	if ( shown.length === 0 ) {
		return <span className="svc-hub-badges-none">—</span>;
	}
	return (
		<span className="svc-hub-badges">
			{ shown.map( ( [ flag, label ] ) => (
				<span
					key={ flag }
					className={ `svc-hub-badge svc-hub-badge-${ flag }` }
					data-capability={ flag }
				>
					{ label }
				</span>
			) ) }
		</span>
	);
}
