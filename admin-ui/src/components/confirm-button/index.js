import { Button, Modal } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * A button whose action runs only after the operator confirms it in a dialog.
 *
 * @param {Object}   props
 * @param {string}   props.label         Button text.
 * @param {string}   props.title         Dialog title.
 * @param {string}   props.message       What will happen.
 * @param {Function} props.onConfirm     The action (may return a promise).
 * @param {boolean}  props.isDestructive Red button.
 */
export default function ConfirmButton( {
	label,
	title,
	message,
	onConfirm,
	isDestructive = false,
} ) {
	const [ isOpen, setOpen ] = useState( false );
	const [ isBusy, setBusy ] = useState( false );
	const confirm = async () => {
		setBusy( true );
		await onConfirm();
		setBusy( false );
		setOpen( false );
	};
	return (
		<>
			<Button
				variant="secondary"
				isDestructive={ isDestructive }
				onClick={ () => setOpen( true ) }
			>
				{ label }
			</Button>
			{ isOpen && (
				<Modal
					title={ title }
					onRequestClose={ () => setOpen( false ) }
					className="svc-hub-confirm"
				>
					<p>{ message }</p>
					<div className="svc-hub-actions">
						<Button
							variant="primary"
							isDestructive={ isDestructive }
							isBusy={ isBusy }
							disabled={ isBusy }
							onClick={ confirm }
						>
							{ label }
						</Button>
						<Button
							variant="tertiary"
							onClick={ () => setOpen( false ) }
						>
							{ __( 'Cancel', 'svc-hub' ) }
						</Button>
					</div>
				</Modal>
			) }
		</>
	);
}
