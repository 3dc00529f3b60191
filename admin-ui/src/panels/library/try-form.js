/**
 * "Try a template" (docs/library.md "Rendering"): a template's fields as form controls and the
 * form's values as the body of `POST admin/library/templates/:id/render`. Form values are keyed
 * by the names the hub gives bad input in `data.params` (`fields.<name>`, `width`, `height`,
 * `format`), so each refusal lands next to its own control.
 */
import { __ } from '@wordpress/i18n';

export const RENDER_FORMATS = [ 'png', 'webp', 'jpeg', 'svg' ];
const OUTPUT_KEYS = [ 'format', 'width', 'height' ];

/**
 * @param {Object} field A template field (`{ name, type, label?, default?, choices? }`).
 * @return {string} The form key of its value.
 */
export const fieldKey = ( field ) => `fields.${ field.name }`;

/**
 * @param {Object} field A template field.
 * @return {'text'|'color'|'image'|'select'} The control that edits it.
 */
export function controlOf( field ) {
	if ( field.type === 'choice' ) {
		return 'select';
	}
	return [ 'color', 'image' ].includes( field.type ) ? field.type : 'text';
}

/**
 * @param {Object} field A template field.
 * @return {string} Its label: the declared one, else its name.
 */
export const labelOf = ( field ) => field.label || field.name;

/**
 * The form's first values: each field's default, the template's own format, no size (the
 * template's).
 *
 * @param {Object[]} fields   The template's fields.
 * @param {Object}   template The template (`format`).
 * @return {Object} Form values.
 */
export function initialValues( fields, template ) {
	const values = {
		format: RENDER_FORMATS.includes( template.format )
			? template.format
			: 'png',
		width: '',
		height: '',
	};
	for ( const field of fields ) {
		values[ fieldKey( field ) ] =
			field.default === null || field.default === undefined
				? ''
				: String( field.default );
	}
	return values;
}

/**
 * A size as typed: an integer when it reads as one, else the text (the hub names it).
 *
 * @param {string} text The typed size.
 * @return {number|string} What is sent.
 */
const sizeOf = ( text ) => ( /^\d{1,9}$/.test( text ) ? Number( text ) : text );

/**
 * The render request of the form's values: every field with a value (an empty image field is
 * left out: the template's default or placeholder), the format, and a size only when typed.
 *
 * @param {Object[]} fields The template's fields.
 * @param {Object}   values Form values.
 * @return {Object} `{ fields, format, width?, height? }`.
 */
export function renderBody( fields, values ) {
	const body = { fields: {}, format: values.format };
	for ( const field of fields ) {
		const value = values[ fieldKey( field ) ] ?? '';
		if ( controlOf( field ) === 'image' && value.trim() === '' ) {
			continue;
		}
		body.fields[ field.name ] = value;
	}
	for ( const side of [ 'width', 'height' ] ) {
		const text = String( values[ side ] ?? '' ).trim();
		if ( text !== '' ) {
			body[ side ] = sizeOf( text );
		}
	}
	return body;
}

/**
 * The refusals no control shows (e.g. `template`, a field the form does not have), as
 * "name: message" lines for the notice above the button.
 *
 * @param {Object}   errors The hub's `data.params`.
 * @param {Object[]} fields The template's fields.
 * @return {string[]} Lines.
 */
export function unplacedErrors( errors, fields ) {
	const placed = new Set( [ ...OUTPUT_KEYS, ...fields.map( fieldKey ) ] );
	return Object.entries( errors || {} )
		.filter( ( [ name ] ) => ! placed.has( name ) )
		.map( ( [ name, message ] ) => `${ name }: ${ message }` );
}

/**
 * What the preview says under the image: its size in bytes, the time the render took, and
 * whether it came from the cache.
 *
 * @param {Object} result The route's answer (`bytes`, `duration_ms`, `cache`).
 * @return {string} The caption.
 */
export function previewCaption( result ) {
	const cache =
		result.cache === 'hit'
			? __( 'from the cache', 'svc-hub' )
			: __( 'rendered now', 'svc-hub' );
	return `${ result.media_type } · ${ result.bytes } bytes · ${ result.duration_ms } ms · ${ cache }`;
}
