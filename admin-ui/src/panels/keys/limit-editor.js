import { Button, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';

/**
 * One of a key's limits (`field`: rate_limit_per_minute, max_concurrent_calls), changed in place
 * (PATCH /keys/{id} through `save`); a failed save keeps the value typed.
 *
 * @param {Object}   props
 * @param {Object}   props.apiKey      The key as listed.
 * @param {string}   props.field       Its field in the key's JSON.
 * @param {string}   props.label       The input's label.
 * @param {string}   props.changeLabel The accessible name of the Change button.
 * @param {Function} props.validate    `values → { field: message }`.
 * @param {Function} props.save        `( apiKey, number ) → outcome` (a store action).
 */
export default function LimitEditor( {
	apiKey,
	field,
	label,
	changeLabel,
	validate,
	save,
} ) {
	const [ isEditing, setEditing ] = useState( false );
	const form = useForm( { [ field ]: String( apiKey[ field ] ) }, validate );
	if ( ! isEditing ) {
		return (
			<span className="svc-hub-limit">
				{ apiKey[ field ] }{ ' ' }
				<Button
					variant="link"
					onClick={ () => setEditing( true ) }
					aria-label={ changeLabel }
				>
					{ __( 'Change', 'svc-hub' ) }
				</Button>
			</span>
		);
	}
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				save( apiKey, Number( values[ field ] ) )
			)
		) {
			setEditing( false );
		}
	};
	return (
		<form className="svc-hub-limit-form" onSubmit={ onSubmit } noValidate>
			<TextControl
				label={ label }
				type="number"
				min={ 1 }
				{ ...form.field( field ) }
			/>
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Save', 'svc-hub' ) }
			</Button>
			<Button variant="tertiary" onClick={ () => setEditing( false ) }>
				{ __( 'Cancel', 'svc-hub' ) }
			</Button>
		</form>
	);
}
