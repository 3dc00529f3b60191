import { Button, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import {
	EMPTY_PROVIDER_FORM,
	providerPayload,
	validateProvider,
} from './validate';

/**
 * Sets or replaces a provider's key and base URL. The key field never shows the stored key.
 *
 * @param {Object} props
 * @param {Object} props.provider The provider's status.
 */
export default function ProviderForm( { provider } ) {
	const { saveProvider } = useDispatch( store );
	const form = useForm( EMPTY_PROVIDER_FORM, ( values ) =>
		validateProvider( values, provider )
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				saveProvider( provider.name, providerPayload( values ) )
			)
		) {
			form.reset();
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-provider-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<TextControl
				label={ __( 'API key', 'svc-hub' ) }
				type="password"
				autoComplete="new-password"
				placeholder={
					provider.key_last4
						? sprintf(
								/* translators: %s: key last4. */
								__( 'stored key ends in %s', 'svc-hub' ),
								provider.key_last4
							)
						: __( 'no key stored', 'svc-hub' )
				}
				{ ...form.field( 'api_key' ) }
			/>
			<TextControl
				label={ __( 'Base URL', 'svc-hub' ) }
				type="url"
				placeholder={ provider.base_url || 'https://…' }
				{ ...form.field( 'base_url' ) }
			/>
			<p className="description svc-hub-provider-form__hosts">
				{ __(
					'A key goes only to the host it was given for: a new base URL needs the key again, and a key from the environment is not sent to it. The base URL must be a public address, unless SVC_OUTBOUND_ALLOW names its host:port.',
					'svc-hub'
				) }
			</p>
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Save', 'svc-hub' ) }
			</Button>
		</form>
	);
}
