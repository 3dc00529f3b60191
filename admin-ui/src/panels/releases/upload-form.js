import {
	Button,
	SelectControl,
	Spinner,
	TextareaControl,
	TextControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import {
	EMPTY_RELEASE,
	releaseFormData,
	uploadRefusal,
	validateRelease,
} from './validate';
import ZipField from './zip-field';

/**
 * Uploads a release: the zip and its fields as multipart (`POST releases`); the hub's refusals
 * shown next to their fields, the values kept; busy and disabled while the zip goes up. A
 * package that already delivers a product fills in its type and slug.
 *
 * @param {Object} props
 * @param {Array}  props.products The release list's groups (groupReleases()).
 */
export default function UploadForm( { products } ) {
	const { uploadRelease } = useDispatch( store );
	const packages = useList( '/packages', { status: 'active' } );
	const form = useForm( EMPTY_RELEASE, validateRelease );
	// A new key empties the file input after an upload (a file input cannot be set).
	const [ fileInput, setFileInput ] = useState( 0 );
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( async ( values ) => {
				const outcome = await uploadRelease(
					releaseFormData( values )
				);
				return outcome.error
					? { error: uploadRefusal( outcome.error ) }
					: outcome;
			} )
		) {
			form.reset( {
				...EMPTY_RELEASE,
				package_id: form.values.package_id,
				type: form.values.type,
				slug: form.values.slug,
			} );
			setFileInput( fileInput + 1 );
		}
	};
	const delivered = ( packageId ) =>
		products.find( ( product ) =>
			product.packageIds.includes( packageId )
		);
	const choosePackage = ( packageId ) => {
		form.setValue( 'package_id', packageId );
		const product = delivered( packageId );
		if ( product ) {
			form.setValue( 'type', product.type );
			form.setValue( 'slug', product.slug );
		}
	};
	const bound = delivered( form.values.package_id );
	const packageOptions = [
		{ value: '', label: __( '— Choose a package —', 'svc-hub' ) },
		...( packages && ! packages.error
			? packages.items.map( ( item ) => ( {
					value: item.package_id,
					label: `${ item.name } (${ item.package_id })`,
				} ) )
			: [] ),
	];
	return (
		<form
			className="svc-hub-form svc-hub-release-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<h3>{ __( 'Upload a release', 'svc-hub' ) }</h3>
			<fieldset disabled={ form.isBusy }>
				<div className="svc-hub-form__grid">
					<SelectControl
						label={ __( 'Package', 'svc-hub' ) }
						options={ packageOptions }
						{ ...form.field( 'package_id' ) }
						onChange={ choosePackage }
						help={
							form.errors.package_id ||
							( bound &&
								sprintf(
									/* translators: 1: plugin or theme, 2: its slug. */
									__( 'Delivers the %1$s %2$s.', 'svc-hub' ),
									bound.type,
									bound.slug
								) )
						}
					/>
					<SelectControl
						label={ __( 'Type', 'svc-hub' ) }
						options={ [
							{
								value: 'plugin',
								label: __( 'Plugin', 'svc-hub' ),
							},
							{ value: 'theme', label: __( 'Theme', 'svc-hub' ) },
						] }
						{ ...form.field( 'type' ) }
					/>
					<TextControl
						label={ __( 'Slug (its folder)', 'svc-hub' ) }
						placeholder="acme-forms"
						{ ...form.field( 'slug' ) }
					/>
					<TextControl
						label={ __( 'Version', 'svc-hub' ) }
						placeholder="1.2.0"
						{ ...form.field( 'version' ) }
					/>
					<SelectControl
						label={ __( 'Channel', 'svc-hub' ) }
						options={ [
							{
								value: 'stable',
								label: __( 'Stable', 'svc-hub' ),
							},
							{ value: 'beta', label: __( 'Beta', 'svc-hub' ) },
						] }
						{ ...form.field( 'channel' ) }
					/>
					<TextControl
						label={ __( 'Requires WordPress', 'svc-hub' ) }
						placeholder="6.5"
						{ ...form.field( 'requires_wp' ) }
					/>
					<TextControl
						label={ __( 'Requires PHP', 'svc-hub' ) }
						placeholder="8.1"
						{ ...form.field( 'requires_php' ) }
					/>
					<TextControl
						label={ __( 'Tested up to WordPress', 'svc-hub' ) }
						placeholder="7.1"
						{ ...form.field( 'tested_wp' ) }
					/>
					<TextControl
						label={ __( 'Renewal URL (empty: keep)', 'svc-hub' ) }
						type="url"
						{ ...form.field( 'renewal_url' ) }
					/>
				</div>
				<TextareaControl
					label={ __( 'Changelog (Markdown or HTML)', 'svc-hub' ) }
					{ ...form.field( 'changelog' ) }
				/>
				<ZipField
					key={ fileInput }
					error={ form.errors.file }
					disabled={ form.isBusy }
					onChange={ ( file ) => form.setValue( 'file', file ) }
				/>
			</fieldset>
			<div className="svc-hub-actions">
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ __( 'Upload release', 'svc-hub' ) }
				</Button>
				{ form.isBusy && (
					<span className="svc-hub-release-form__progress">
						<Spinner /> { __( 'Uploading…', 'svc-hub' ) }
					</span>
				) }
			</div>
		</form>
	);
}
