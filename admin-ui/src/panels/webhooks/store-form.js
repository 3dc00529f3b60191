import { Button, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { EMPTY_STORE, validateStore } from './validate';

/** Adds a WooCommerce store whose signed webhooks are accepted; the secret is write-only. */
export default function StoreForm() {
	const { saveStore } = useDispatch( store );
	const form = useForm( EMPTY_STORE, validateStore );
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				saveStore( null, {
					source_url: values.source_url.trim(),
					secret: values.secret,
				} )
			)
		) {
			form.reset();
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-store-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<div className="svc-hub-form__grid">
				<TextControl
					label={ __( 'Store URL', 'svc-hub' ) }
					type="url"
					placeholder="https://shop.example"
					{ ...form.field( 'source_url' ) }
				/>
				<TextControl
					label={ __( 'Webhook secret', 'svc-hub' ) }
					type="password"
					autoComplete="new-password"
					{ ...form.field( 'secret' ) }
				/>
			</div>
			<Button
				variant="secondary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Add store', 'svc-hub' ) }
			</Button>
		</form>
	);
}
