import { Button, Modal, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { validateStore } from './validate';

/**
 * Replaces a store's webhook secret (the old one is never shown).
 *
 * @param {Object}   props
 * @param {Object}   props.record  The store.
 * @param {Function} props.onClose Closes the dialog.
 */
export default function StoreSecret( { record, onClose } ) {
	const { saveStore } = useDispatch( store );
	const form = useForm(
		{ source_url: record.source_url, secret: '' },
		( values ) => validateStore( values, false )
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				saveStore( record.id, { secret: values.secret } )
			)
		) {
			onClose();
		}
	};
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: source url. */
				__( 'New webhook secret for %s', 'svc-hub' ),
				record.source_url
			) }
			onRequestClose={ onClose }
		>
			<form className="svc-hub-form" onSubmit={ onSubmit } noValidate>
				<TextControl
					label={ __( 'Webhook secret', 'svc-hub' ) }
					type="password"
					autoComplete="new-password"
					{ ...form.field( 'secret' ) }
				/>
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ __( 'Save secret', 'svc-hub' ) }
				</Button>
			</form>
		</Modal>
	);
}
