import { Button } from '@wordpress/components';
import { useCopyToClipboard } from '@wordpress/compose';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Copies `text` to the clipboard; says "Copied" afterwards.
 *
 * @param {Object} props
 * @param {string} props.text  What to copy.
 * @param {string} props.label Button text.
 */
export default function CopyButton( {
	text,
	label = __( 'Copy', 'svc-hub' ),
} ) {
	const [ copied, setCopied ] = useState( false );
	const ref = useCopyToClipboard( text, () => setCopied( true ) );
	return (
		<Button variant="secondary" ref={ ref } className="svc-hub-copy">
			{ copied ? __( 'Copied', 'svc-hub' ) : label }
		</Button>
	);
}
