import {
	Button,
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import { store } from '../../store';
import ProviderForm from './provider-form';
import { providerState } from './validate';

/**
 * One provider: state, masked key, base URL, key form, enable switch, test call.
 *
 * @param {Object} props
 * @param {Object} props.provider The provider's status from GET /providers.
 */
export default function ProviderCard( { provider } ) {
	const { saveProvider, removeProvider, testProvider } = useDispatch( store );
	const test = useSelect(
		( select ) => select( store ).getProviderTest( provider.name ),
		[ provider.name ]
	);
	const [ isTesting, setTesting ] = useState( false );
	const runTest = async () => {
		setTesting( true );
		await testProvider( provider.name );
		setTesting( false );
	};
	const state = providerState( provider );
	return (
		<Card
			className={ `svc-hub-provider svc-hub-provider-${ provider.name }` }
		>
			<CardHeader>
				<strong>{ provider.name }</strong>
				<span
					className={ `svc-hub-status is-${ state.replace( ' ', '-' ) }` }
				>
					{ state }
				</span>
			</CardHeader>
			<CardBody>
				<dl className="svc-hub-facts">
					<dt>{ __( 'Key', 'svc-hub' ) }</dt>
					<dd className="svc-hub-provider__key">
						{ provider.key_last4
							? `••••${ provider.key_last4 }`
							: '—' }
					</dd>
					<dt>{ __( 'Base URL', 'svc-hub' ) }</dt>
					<dd>{ provider.base_url || '—' }</dd>
					<dt>{ __( 'Settings from', 'svc-hub' ) }</dt>
					<dd>{ provider.source }</dd>
				</dl>
				<ToggleControl
					label={ __( 'Enabled', 'svc-hub' ) }
					checked={ provider.enabled }
					onChange={ ( enabled ) =>
						saveProvider( provider.name, { enabled } )
					}
				/>
				{ ! provider.offline && <ProviderForm provider={ provider } /> }
				<div className="svc-hub-actions">
					<Button
						variant="secondary"
						isBusy={ isTesting }
						disabled={ isTesting }
						onClick={ runTest }
					>
						{ __( 'Test connection', 'svc-hub' ) }
					</Button>
					{ provider.key_source === 'admin' && (
						<ConfirmButton
							label={ __( 'Remove stored key', 'svc-hub' ) }
							title={ sprintf(
								/* translators: %s: provider name. */
								__( 'Remove the stored key of %s?', 'svc-hub' ),
								provider.name
							) }
							message={ __(
								'The key from the environment applies again, if there is one and the base URL is its own; the base URL and switch stay.',
								'svc-hub'
							) }
							isDestructive
							onConfirm={ () =>
								saveProvider( provider.name, { api_key: null } )
							}
						/>
					) }
					{ provider.source === 'admin' && (
						<ConfirmButton
							label={ __( 'Remove stored settings', 'svc-hub' ) }
							title={ sprintf(
								/* translators: %s: provider name. */
								__(
									'Remove the stored settings of %s?',
									'svc-hub'
								),
								provider.name
							) }
							message={ __(
								'The stored key, base URL and switch are deleted; the environment settings apply again.',
								'svc-hub'
							) }
							isDestructive
							onConfirm={ () => removeProvider( provider.name ) }
						/>
					) }
				</div>
				{ test && (
					<p
						className={ `svc-hub-provider__test ${ test.ok ? 'is-ok' : 'is-error' }` }
					>
						{ test.ok
							? sprintf(
									/* translators: %1$s: model, %2$s: latency ms. */
									__(
										'Connected: %1$s answered in %2$s ms.',
										'svc-hub'
									),
									test.model,
									test.latency_ms
								)
							: sprintf(
									/* translators: %s: error message. */
									__( 'Failed: %s', 'svc-hub' ),
									test.error.message
								) }
					</p>
				) }
			</CardBody>
		</Card>
	);
}
