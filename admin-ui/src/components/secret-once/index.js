import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import CopyButton from '../copy-button';

/**
 * Secrets the server shows exactly once (a new API key, a webhook secret), with copy buttons
 * and a button that forgets them.
 *
 * @param {Object}   props
 * @param {string}   props.title     What was created.
 * @param {Array}    props.secrets   `[ { label, value } ]`.
 * @param {Function} props.onDismiss Forgets the secrets.
 */
export default function SecretOnce( { title, secrets, onDismiss } ) {
	return (
		<Notice
			status="warning"
			isDismissible={ false }
			className="svc-hub-secret-once"
		>
			<p>
				<strong>{ title }</strong>{ ' ' }
				{ __( 'Copy it now: it will not be shown again.', 'svc-hub' ) }
			</p>
			{ secrets.map( ( secret ) => (
				<div className="svc-hub-secret" key={ secret.label }>
					<span className="svc-hub-secret__label">
						{ secret.label }
					</span>
					<code className="svc-hub-secret__value">
						{ secret.value }
					</code>
					<CopyButton text={ secret.value } />
				</div>
			) ) }
			<Button variant="primary" onClick={ onDismiss }>
				{ __( 'I have copied it', 'svc-hub' ) }
			</Button>
		</Notice>
	);
}
