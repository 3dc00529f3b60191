import { sprintf, __ } from '@wordpress/i18n';

export const PACK_FORMAT = 'svc-hub-library-pack';

export const TEMPLATE_CATEGORIES = [
	'social-post',
	'story',
	'banner',
	'product-card',
	'quote',
	'event',
	'announcement',
];

/**
 * Reads a pack file before it is sent: JSON, an object, the pack format. The worker checks
 * every item and sanitises every SVG; this only catches the wrong file.
 *
 * @param {string} text The file's text.
 * @return {{pack?: Object, error?: string}} The pack, or what is wrong with the file.
 */
export function readPack( text ) {
	let pack;
	try {
		pack = JSON.parse( text );
	} catch ( error ) {
		return {
			error: sprintf(
				/* translators: %s: error message. */
				__( 'The file is not JSON: %s', 'svc-hub' ),
				error.message
			),
		};
	}
	if ( ! pack || typeof pack !== 'object' || Array.isArray( pack ) ) {
		return {
			error: __(
				'The file must hold one JSON object (a template pack).',
				'svc-hub'
			),
		};
	}
	if ( pack.format !== PACK_FORMAT ) {
		return {
			error: sprintf(
				/* translators: %s: pack format. */
				__( 'Not a template pack: "format" must be "%s".', 'svc-hub' ),
				PACK_FORMAT
			),
		};
	}
	return { pack };
}

/**
 * @param {Object} report The import answer `{ created, updated, unchanged, sanitised }`.
 * @return {string} One line for the notice.
 */
export function importSummary( report ) {
	return sprintf(
		/* translators: %1$d: templates created, %2$d: templates updated, %3$d: templates unchanged, %4$d: SVG files sanitised, %5$s: library version. */
		__(
			'Pack imported: %1$d created, %2$d updated, %3$d unchanged, %4$d SVG files sanitised (library version %5$s).',
			'svc-hub'
		),
		report.created.length,
		report.updated.length,
		report.unchanged,
		( report.sanitised || [] ).length,
		report.version
	);
}
