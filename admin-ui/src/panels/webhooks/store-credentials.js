import { Button, Modal, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { validateCredentials } from './validate';

/**
 * Sets or clears a store's WooCommerce REST credentials (a Read key from WooCommerce →
 * Settings → Advanced → REST API), used to reconcile the orders its webhook missed. Write-only:
 * the key's last 4 characters are all that is shown again.
 *
 * @param {Object}   props
 * @param {Object}   props.record  The store.
 * @param {Function} props.onClose Closes the dialog.
 */
export default function StoreCredentials( { record, onClose } ) {
	const { saveStoreCredentials } = useDispatch( store );
	const form = useForm(
		{ consumer_key: '', consumer_secret: '' },
		validateCredentials
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				saveStoreCredentials( record, {
					consumer_key: values.consumer_key.trim(),
					consumer_secret: values.consumer_secret.trim(),
				} )
			)
		) {
			onClose();
		}
	};
	const onClear = async () => {
		const { error } = await saveStoreCredentials( record, null );
		if ( ! error ) {
			onClose();
		}
	};
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: source url. */
				__( 'REST credentials for %s', 'svc-hub' ),
				record.source_url
			) }
			onRequestClose={ onClose }
			className="svc-hub-store-credentials"
		>
			<form className="svc-hub-form" onSubmit={ onSubmit } noValidate>
				<p className="description">
					{ __(
						'A REST API key with Read permission (WooCommerce → Settings → Advanced → REST API). The hub pulls the orders its webhook missed with it.',
						'svc-hub'
					) }
				</p>
				<TextControl
					label={ __( 'Consumer key', 'svc-hub' ) }
					autoComplete="off"
					{ ...form.field( 'consumer_key' ) }
				/>
				<TextControl
					label={ __( 'Consumer secret', 'svc-hub' ) }
					type="password"
					autoComplete="new-password"
					{ ...form.field( 'consumer_secret' ) }
				/>
				<div className="svc-hub-actions">
					<Button
						variant="primary"
						type="submit"
						isBusy={ form.isBusy }
						disabled={ form.isBusy }
					>
						{ __( 'Save credentials', 'svc-hub' ) }
					</Button>
					{ record.rest_credentials && (
						<Button
							variant="secondary"
							isDestructive
							onClick={ onClear }
						>
							{ __( 'Clear credentials', 'svc-hub' ) }
						</Button>
					) }
				</div>
			</form>
		</Modal>
	);
}
