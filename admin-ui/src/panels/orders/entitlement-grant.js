import { Button, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { EMPTY_GRANT, grantPayload, validateGrant } from './validate';

/** Grants features to a site by hand (the site's manual entitlement). */
export default function EntitlementGrant() {
	const { grantEntitlement } = useDispatch( store );
	const form = useForm( EMPTY_GRANT, validateGrant );
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				grantEntitlement( grantPayload( values ) )
			)
		) {
			form.reset();
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-grant-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<h3>{ __( 'Grant features by hand', 'svc-hub' ) }</h3>
			<div className="svc-hub-form__grid">
				<TextControl
					label={ __( 'Site URL', 'svc-hub' ) }
					type="url"
					{ ...form.field( 'site_url' ) }
				/>
				<TextControl
					label={ __( 'Features (comma-separated)', 'svc-hub' ) }
					{ ...form.field( 'features' ) }
				/>
				<TextControl
					label={ __( 'Expires on (optional)', 'svc-hub' ) }
					type="date"
					{ ...form.field( 'expires_on' ) }
				/>
				<TextControl
					label={ __( 'Reason (optional)', 'svc-hub' ) }
					{ ...form.field( 'reason' ) }
				/>
			</div>
			<Button
				variant="secondary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Grant', 'svc-hub' ) }
			</Button>
		</form>
	);
}
