import { useDispatch, useSelect } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import SecretOnce from '../../components/secret-once';
import { store } from '../../store';
import KeyForm from './key-form';
import KeyList from './key-list';

/** API keys: create (shown once, with copy buttons), list, revoke, rotate the webhook secret. */
export default function KeysPanel() {
	const { createdKey, rotatedSecret } = useSelect(
		( select ) => ( {
			createdKey: select( store ).getCreatedKey(),
			rotatedSecret: select( store ).getRotatedSecret(),
		} ),
		[]
	);
	const { clearCreatedKey, clearRotatedSecret } = useDispatch( store );
	return (
		<div className="svc-hub-panel svc-hub-keys">
			{ createdKey && (
				<SecretOnce
					title={ sprintf(
						/* translators: %s: site url. */
						__( 'New API key for %s.', 'svc-hub' ),
						createdKey.site_url
					) }
					secrets={ [
						{
							label: __( 'API key', 'svc-hub' ),
							value: createdKey.key,
						},
						{
							label: __( 'Webhook secret', 'svc-hub' ),
							value: createdKey.webhook_secret,
						},
					] }
					onDismiss={ clearCreatedKey }
				/>
			) }
			{ rotatedSecret && (
				<SecretOnce
					title={ sprintf(
						/* translators: %s: site url. */
						__( 'New webhook secret for %s.', 'svc-hub' ),
						rotatedSecret.site_url
					) }
					secrets={ [
						{
							label: __( 'Webhook secret', 'svc-hub' ),
							value: rotatedSecret.webhook_secret,
						},
					] }
					onDismiss={ clearRotatedSecret }
				/>
			) }
			<KeyForm />
			<KeyList />
		</div>
	);
}
