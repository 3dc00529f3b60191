import {
	Button,
	Card,
	CardBody,
	CardHeader,
	TextControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { store } from '../../store';
import ModelOrder from './model-order';
import { newModelProblem, validatePurpose } from './validate';

/**
 * Edits one purpose (or a new one when `purpose` is null): name, description, ordered models.
 * Nothing is lost when the save fails: the edited list stays on screen.
 *
 * @param {Object}      props
 * @param {Object|null} props.purpose       The purpose from GET /purposes, or null for a new one.
 * @param {Array}       props.knownModels   Models from GET /models.
 * @param {string[]}    props.openProviders Providers that accept any model name (GET /providers).
 * @param {Function}    props.onSaved       Called after a successful save of a new purpose.
 */
export default function PurposeEditor( {
	purpose,
	knownModels,
	openProviders = [],
	onSaved = () => {},
} ) {
	const { savePurpose } = useDispatch( store );
	const [ name, setName ] = useState( purpose ? purpose.purpose : '' );
	const [ description, setDescription ] = useState(
		purpose ? purpose.description : ''
	);
	const [ models, setModels ] = useState( purpose ? purpose.models : [] );
	const [ candidate, setCandidate ] = useState( '' );
	const [ errors, setErrors ] = useState( {} );
	const [ isBusy, setBusy ] = useState( false );
	const listId = `svc-hub-models-${ name || 'new' }`;

	const addModel = () => {
		const problem = newModelProblem(
			candidate,
			models,
			knownModels,
			openProviders
		);
		setErrors( { ...errors, candidate: problem } );
		if ( ! problem ) {
			setModels( [ ...models, candidate.trim() ] );
			setCandidate( '' );
		}
	};
	const save = async ( event ) => {
		event.preventDefault();
		const found = validatePurpose(
			{ purpose: name, models },
			knownModels,
			openProviders
		);
		setErrors( found );
		if ( Object.keys( found ).length > 0 ) {
			return;
		}
		setBusy( true );
		const outcome = await savePurpose( name, models, description );
		setBusy( false );
		if ( outcome.error ) {
			setErrors( outcome.error.params );
		} else if ( ! purpose ) {
			onSaved();
		}
	};
	return (
		<Card
			className="svc-hub-purpose"
			data-purpose={ purpose ? purpose.purpose : 'new' }
		>
			<CardHeader>
				<strong>
					{ purpose
						? purpose.purpose
						: __( 'New purpose', 'svc-hub' ) }
				</strong>
				{ purpose && purpose.shipped && (
					<span className="svc-hub-status">
						{ __( 'shipped default', 'svc-hub' ) }
					</span>
				) }
			</CardHeader>
			<CardBody>
				<form className="svc-hub-form" onSubmit={ save } noValidate>
					{ ! purpose && (
						<TextControl
							label={ __( 'Name', 'svc-hub' ) }
							value={ name }
							onChange={ setName }
							help={ errors.purpose }
							className={ errors.purpose ? 'has-error' : '' }
						/>
					) }
					<TextControl
						label={ __( 'Description', 'svc-hub' ) }
						value={ description }
						onChange={ setDescription }
						help={ errors.description }
					/>
					<ModelOrder models={ models } onChange={ setModels } />
					{ errors.models && (
						<p className="svc-hub-error svc-hub-purpose__models-error">
							{ errors.models }
						</p>
					) }
					<div className="svc-hub-add-model">
						<TextControl
							label={ __( 'Add a model', 'svc-hub' ) }
							value={ candidate }
							onChange={ setCandidate }
							list={ listId }
							placeholder="provider/model"
							help={ errors.candidate }
							className={ errors.candidate ? 'has-error' : '' }
						/>
						<datalist id={ listId }>
							{ knownModels.map( ( model ) => (
								<option key={ model.id } value={ model.id } />
							) ) }
						</datalist>
						<Button variant="secondary" onClick={ addModel }>
							{ __( 'Add', 'svc-hub' ) }
						</Button>
					</div>
					<Button
						variant="primary"
						type="submit"
						isBusy={ isBusy }
						disabled={ isBusy }
					>
						{ __( 'Save purpose', 'svc-hub' ) }
					</Button>
				</form>
			</CardBody>
		</Card>
	);
}
