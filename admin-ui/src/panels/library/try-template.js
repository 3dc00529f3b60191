import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { readError, request } from '../../api/client';
import { useForm } from '../../components/use-form';
import { useList, useRecord } from '../../components/use-list';
import FieldControl from './field-control';
import {
	fieldKey,
	initialValues,
	previewCaption,
	RENDER_FORMATS,
	renderBody,
	unplacedErrors,
} from './try-form';
import './try-template.scss';

/**
 * The form of one template: its fields, format and size, "Render", and the preview beside it.
 *
 * @param {Object} props
 * @param {Object} props.template The template (`id`, `title`, `width`, `height`, `format`).
 * @param {Array}  props.fields   Its fields (declared or implicit).
 */
function TryForm( { template, fields } ) {
	const form = useForm( initialValues( fields, template ), () => ( {} ) );
	const [ result, setResult ] = useState( null );
	const [ failure, setFailure ] = useState( '' );
	const render = () =>
		form.submit( async ( values ) => {
			setFailure( '' );
			try {
				setResult(
					await request(
						`/library/templates/${ encodeURIComponent( template.id ) }/render`,
						{ method: 'POST', data: renderBody( fields, values ) }
					)
				);
				return { result: true };
			} catch ( thrown ) {
				const error = await readError( thrown );
				if ( Object.keys( error.params ).length === 0 ) {
					setFailure( error.message );
				}
				return { error };
			}
		} );
	const others = [
		...unplacedErrors( form.errors, fields ),
		...( failure ? [ failure ] : [] ),
	];
	return (
		<div className="svc-hub-try__layout">
			<form
				className="svc-hub-try__form"
				onSubmit={ ( event ) => {
					event.preventDefault();
					render();
				} }
			>
				{ fields.map( ( field ) => (
					<FieldControl
						key={ field.name }
						field={ field }
						control={ form.field( fieldKey( field ) ) }
					/>
				) ) }
				<SelectControl
					{ ...form.field( 'format' ) }
					label={ __( 'Format', 'svc-hub' ) }
					options={ RENDER_FORMATS.map( ( value ) => ( {
						value,
						label: value,
					} ) ) }
				/>
				<div className="svc-hub-try__size">
					<TextControl
						{ ...form.field( 'width' ) }
						type="number"
						label={ __( 'Width', 'svc-hub' ) }
						placeholder={ String( template.width ) }
					/>
					<TextControl
						{ ...form.field( 'height' ) }
						type="number"
						label={ __( 'Height', 'svc-hub' ) }
						placeholder={ String( template.height ) }
					/>
				</div>
				{ others.length > 0 && (
					<Notice status="error" isDismissible={ false }>
						{ others.map( ( line ) => (
							<p key={ line }>{ line }</p>
						) ) }
					</Notice>
				) }
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ __( 'Render', 'svc-hub' ) }
				</Button>
			</form>
			<figure className="svc-hub-try__preview" aria-live="polite">
				{ result ? (
					<>
						<img
							src={ result.data_url }
							alt={ `${ template.title } (${ __( 'rendered preview', 'svc-hub' ) })` }
						/>
						<figcaption>{ previewCaption( result ) }</figcaption>
					</>
				) : (
					<p className="description">
						{ __(
							'Fill in the fields and press Render.',
							'svc-hub'
						) }
					</p>
				) }
			</figure>
		</div>
	);
}

/**
 * "Try a template" (docs/library.md "Rendering"): pick a template, fill in its fields, render it
 * as the admin (recorded in the render log, charged to no one) and see the image.
 */
export default function TryTemplate() {
	const [ id, setId ] = useState( '' );
	const templates = useList( '/svc/v1/image-templates', { per_page: 100 } );
	const form = useRecord(
		id ? `/library/templates/${ encodeURIComponent( id ) }/fields` : null
	);
	const items = templates && ! templates.error ? templates.items : [];
	return (
		<Card className="svc-hub-try">
			<CardHeader>
				<h2>{ __( 'Try a template', 'svc-hub' ) }</h2>
			</CardHeader>
			<CardBody>
				<SelectControl
					label={ __( 'Template', 'svc-hub' ) }
					value={ id }
					onChange={ setId }
					options={ [
						{
							value: '',
							label: __( 'Choose a template…', 'svc-hub' ),
						},
						...items.map( ( template ) => ( {
							value: template.id,
							label: `${ template.title } (${ template.slug })`,
						} ) ),
					] }
				/>
				{ id && ! form && <Spinner /> }
				{ form && form.error && (
					<Notice status="error" isDismissible={ false }>
						{ form.error.message }
					</Notice>
				) }
				{ form && form.data && (
					<TryForm
						key={ id }
						template={ form.data.template }
						fields={ form.data.fields }
					/>
				) }
			</CardBody>
		</Card>
	);
}
