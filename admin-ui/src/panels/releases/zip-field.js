import { BaseControl, useBaseControlProps } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * The release zip's file input, labelled, with the hub's refusal of `file` as its help text
 * (announced with the input through aria-describedby).
 *
 * @param {Object}   props
 * @param {string}   props.error    The refusal, if any.
 * @param {boolean}  props.disabled While uploading.
 * @param {Function} props.onChange The chosen File, or null.
 */
export default function ZipField( { error, disabled, onChange } ) {
	const { baseControlProps, controlProps } = useBaseControlProps( {
		label: __( 'Release zip', 'svc-hub' ),
		help:
			error ||
			__(
				'As WordPress installs it: one folder named as the slug; the main file’s Version and Update URI on this hub.',
				'svc-hub'
			),
		className: error ? 'svc-hub-field has-error' : 'svc-hub-field',
	} );
	return (
		<BaseControl { ...baseControlProps }>
			<input
				{ ...controlProps }
				type="file"
				accept=".zip,application/zip"
				disabled={ disabled }
				onChange={ ( event ) =>
					onChange( event.target.files?.[ 0 ] ?? null )
				}
			/>
		</BaseControl>
	);
}
