import { useState } from '@wordpress/element';

/**
 * Form state with validation: `field( name )` gives a control's `value`, `onChange` and
 * `help` (the field's error). `submit( save )` validates, calls `save( values )` and, when
 * the API refuses, shows its `data.params` next to the fields — the values stay as typed.
 *
 * @param {Object}   initialValues Field values.
 * @param {Function} validate      values → `{ field: message }`.
 * @return {Object} `{ values, errors, isBusy, field, setValue, submit, reset }`.
 */
export function useForm( initialValues, validate ) {
	const [ values, setValues ] = useState( initialValues );
	const [ errors, setErrors ] = useState( {} );
	const [ isBusy, setBusy ] = useState( false );

	const setValue = ( name, value ) =>
		setValues( ( current ) => ( { ...current, [ name ]: value } ) );

	const field = ( name ) => ( {
		value: values[ name ] ?? '',
		onChange: ( value ) => setValue( name, value ),
		help: errors[ name ],
		className: errors[ name ] ? 'svc-hub-field has-error' : 'svc-hub-field',
	} );

	/**
	 * @param {Function} save values → Promise of `{ result }` or `{ error }`.
	 * @return {Promise<boolean>} Whether it was saved.
	 */
	const submit = async ( save ) => {
		const found = validate( values );
		setErrors( found );
		if ( Object.keys( found ).length > 0 ) {
			return false;
		}
		setBusy( true );
		const outcome = await save( values );
		setBusy( false );
		if ( outcome && outcome.error ) {
			setErrors( outcome.error.params || {} );
			return false;
		}
		return true;
	};

	const reset = ( next = initialValues ) => {
		setValues( next );
		setErrors( {} );
	};

	return { values, errors, isBusy, field, setValue, submit, reset };
}
