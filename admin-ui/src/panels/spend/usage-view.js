/**
 * How the usage screens show calls by kind and renders (docs/api-notes.md "Images",
 * docs/library.md "Rendering"): labels only; amounts stay the API's exact decimal strings.
 */
import { sprintf, __ } from '@wordpress/i18n';

/** The kinds a usage row records (`GET admin/usage/calls?kind=`). */
export const CALL_KINDS = [
	'chat',
	'stream',
	'embeddings',
	'responses',
	'messages',
	'images',
];

/** @return {Array<{value: string, label: string}>} The kind filter's options, "any" first. */
export function kindOptions() {
	return [
		{ value: '', label: __( 'any', 'svc-hub' ) },
		...CALL_KINDS.map( ( value ) => ( { value, label: value } ) ),
	];
}

/**
 * A call's cost as the list shows it: the hub's cost, "unpriced" when there is none.
 *
 * @param {Object} call A row of GET admin/usage/calls.
 * @return {string} Label.
 */
export function costLabel( call ) {
	return call.cost === null || call.cost === undefined
		? __( 'unpriced', 'svc-hub' )
		: call.cost;
}

/**
 * A render's output: "png 1080×1080".
 *
 * @param {Object} render A row of GET admin/renders.
 * @return {string} Label.
 */
export function outputLabel( render ) {
	return `${ render.format } ${ render.width }×${ render.height }`;
}

/**
 * A render's template: its title and slug, else its id (a template deleted since), "—" when the
 * render was refused before its template was found.
 *
 * @param {Object} render A row of GET admin/renders.
 * @return {string} Label.
 */
export function templateLabel( render ) {
	if ( render.template_slug ) {
		return `${ render.template_title } (${ render.template_slug })`;
	}
	return render.template_id || '—';
}

/**
 * Who rendered: the admin's own renders, else the key and its site.
 *
 * @param {Object} render A row of GET admin/renders.
 * @return {string} Label.
 */
export function rendererLabel( render ) {
	if ( ! render.key_id.startsWith( 'key_' ) ) {
		return __( 'admin (Try a template)', 'svc-hub' );
	}
	return render.site_url
		? `${ render.key_id } · ${ render.site_url }`
		: render.key_id;
}

/**
 * The totals line of a period's renders.
 *
 * @param {Object} summary GET admin/renders/summary.
 * @return {string} "12 renders · 5 from the cache · 1 failed · 2 generated layers · 40 ms on average".
 */
export function summaryLine( summary ) {
	return sprintf(
		/* translators: %1$d renders, %2$d cache hits, %3$d failures, %4$d generated layers, %5$d milliseconds. */
		__(
			'%1$d renders · %2$d from the cache · %3$d failed · %4$d generated layers · %5$d ms on average',
			'svc-hub'
		),
		summary.renders,
		summary.cache_hits,
		summary.failures,
		summary.generated_layers,
		summary.average_duration_ms
	);
}
