import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { EMPTY_KEY, keyPayload, validateKey } from './validate';

/** Creates an API key for a client site; the key is then shown once above the list. */
export default function KeyForm() {
	const { createKey } = useDispatch( store );
	const form = useForm( EMPTY_KEY, validateKey );
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) => createKey( keyPayload( values ) ) )
		) {
			form.reset();
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-key-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<h3>{ __( 'Create an API key', 'svc-hub' ) }</h3>
			<div className="svc-hub-form__grid">
				<TextControl
					label={ __( 'Client site URL', 'svc-hub' ) }
					type="url"
					{ ...form.field( 'site_url' ) }
				/>
				<TextControl
					label={ __( 'Team', 'svc-hub' ) }
					{ ...form.field( 'team' ) }
				/>
				<TextControl
					label={ __( 'Name (optional)', 'svc-hub' ) }
					{ ...form.field( 'name' ) }
				/>
				<SelectControl
					label={ __( 'Scope', 'svc-hub' ) }
					options={ [
						{
							value: 'client',
							label: __(
								'client — its own site only',
								'svc-hub'
							),
						},
						{
							value: 'admin',
							label: __(
								'admin — may act for any site',
								'svc-hub'
							),
						},
					] }
					{ ...form.field( 'scope' ) }
				/>
				<TextControl
					label={ __(
						'Rate limit (requests per minute)',
						'svc-hub'
					) }
					type="number"
					min={ 1 }
					{ ...form.field( 'rate_limit_per_minute' ) }
				/>
				<TextControl
					label={ __(
						'Entitlement webhook URL (optional)',
						'svc-hub'
					) }
					type="url"
					{ ...form.field( 'webhook_endpoint' ) }
				/>
			</div>
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Create key', 'svc-hub' ) }
			</Button>
		</form>
	);
}
