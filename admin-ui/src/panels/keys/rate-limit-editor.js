import { Button, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { validateRateLimit } from './validate';

/** A key's requests per minute, changed in place (PATCH /keys/{id}); a failed save keeps the value typed. */
export default function RateLimitEditor( { apiKey } ) {
	const [ isEditing, setEditing ] = useState( false );
	const { setKeyRateLimit } = useDispatch( store );
	const form = useForm( { rate_limit_per_minute: String( apiKey.rate_limit_per_minute ) }, validateRateLimit );
	if ( ! isEditing ) {
		return (
			<span className="svc-hub-rate-limit">
				{ apiKey.rate_limit_per_minute }{ ' ' }
				<Button variant="link" onClick={ () => setEditing( true ) } aria-label={ __( 'Change the rate limit', 'svc-hub' ) }>
					{ __( 'Change', 'svc-hub' ) }
				</Button>
			</span>
		);
	}
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if ( await form.submit( ( values ) => setKeyRateLimit( apiKey, Number( values.rate_limit_per_minute ) ) ) ) {
			setEditing( false );
		}
	};
	return (
		<form className="svc-hub-rate-limit-form" onSubmit={ onSubmit } noValidate>
			<TextControl label={ __( 'Requests per minute', 'svc-hub' ) } type="number" min={ 1 } { ...form.field( 'rate_limit_per_minute' ) } />
			<Button variant="primary" type="submit" isBusy={ form.isBusy } disabled={ form.isBusy }>
				{ __( 'Save', 'svc-hub' ) }
			</Button>
			<Button variant="tertiary" onClick={ () => setEditing( false ) }>
				{ __( 'Cancel', 'svc-hub' ) }
			</Button>
		</form>
	);
}
