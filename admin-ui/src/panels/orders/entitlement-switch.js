import {
	Button,
	Modal,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { switchPayload, validateSwitch } from './validate';

/**
 * Suspends, reactivates, revokes an entitlement or sets its expiry, always with a reason.
 *
 * @param {Object}   props
 * @param {Object}   props.entitlement The entitlement from GET /entitlements.
 * @param {Function} props.onClose     Closes the dialog.
 */
export default function EntitlementSwitch( { entitlement, onClose } ) {
	const { switchEntitlement } = useDispatch( store );
	const form = useForm(
		{
			action: entitlement.status === 'active' ? 'suspend' : 'reactivate',
			expires_on: entitlement.expires_at
				? entitlement.expires_at.slice( 0, 10 )
				: '',
			reason: '',
		},
		validateSwitch
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				switchEntitlement( switchPayload( entitlement, values ) )
			)
		) {
			onClose();
		}
	};
	return (
		<Modal
			title={ sprintf(
				/* translators: %1$s: site url, %2$s: package id. */
				__( 'Change the entitlement of %1$s (%2$s)', 'svc-hub' ),
				entitlement.site_url,
				entitlement.package_id ?? __( 'manual grant', 'svc-hub' )
			) }
			onRequestClose={ onClose }
		>
			<form
				className="svc-hub-form svc-hub-entitlement-switch"
				onSubmit={ onSubmit }
				noValidate
			>
				<SelectControl
					label={ __( 'Action', 'svc-hub' ) }
					options={ [
						{ value: 'suspend', label: __( 'Suspend', 'svc-hub' ) },
						{
							value: 'reactivate',
							label: __( 'Reactivate', 'svc-hub' ),
						},
						{ value: 'revoke', label: __( 'Revoke', 'svc-hub' ) },
						{
							value: 'expiry',
							label: __( 'Set expiry', 'svc-hub' ),
						},
					] }
					{ ...form.field( 'action' ) }
				/>
				{ form.values.action === 'expiry' && (
					<TextControl
						label={ __( 'Expires on (empty: never)', 'svc-hub' ) }
						type="date"
						{ ...form.field( 'expires_on' ) }
					/>
				) }
				<TextControl
					label={ __( 'Reason (kept in the history)', 'svc-hub' ) }
					{ ...form.field( 'reason' ) }
				/>
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ __( 'Apply', 'svc-hub' ) }
				</Button>
			</form>
		</Modal>
	);
}
