import { SelectControl, TextControl } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import { controlOf, labelOf } from './try-form';

const COLOR = /^#[0-9a-f]{6}$/i;

/**
 * One template field as a form control: a text input, a colour (its hex text, which the hub
 * checks, and a native picker beside it), an image URL or data URL, or a select of its choices.
 * The hub's refusal of the field is its help text (announced with the control).
 *
 * @param {Object} props
 * @param {Object} props.field   A template field.
 * @param {Object} props.control `useForm`'s `field( key )`: value, onChange, help, className.
 */
export default function FieldControl( { field, control } ) {
	const label = labelOf( field );
	const kind = controlOf( field );
	if ( kind === 'select' ) {
		return (
			<SelectControl
				{ ...control }
				label={ label }
				options={ [
					{ value: '', label: __( '(template default)', 'svc-hub' ) },
					...( field.choices || [] ).map( ( value ) => ( {
						value,
						label: value,
					} ) ),
				] }
			/>
		);
	}
	if ( kind === 'color' ) {
		return (
			<div className="svc-hub-try__color">
				<TextControl
					{ ...control }
					label={ label }
					placeholder="#rrggbb"
				/>
				<input
					type="color"
					aria-label={ sprintf(
						/* translators: %s: the field's label. */
						__( '%s (colour picker)', 'svc-hub' ),
						label
					) }
					value={
						COLOR.test( control.value ) ? control.value : '#000000'
					}
					onChange={ ( event ) =>
						control.onChange( event.target.value )
					}
				/>
			</div>
		);
	}
	if ( kind === 'image' ) {
		return (
			<TextControl
				{ ...control }
				type="url"
				label={ label }
				help={
					control.help ||
					__(
						'An image URL or data: URL; empty: the template’s own.',
						'svc-hub'
					)
				}
			/>
		);
	}
	return <TextControl { ...control } label={ label } />;
}
