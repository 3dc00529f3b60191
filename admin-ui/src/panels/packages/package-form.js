import { Button, TextareaControl, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import PackageAiFields from './package-ai-fields';
import {
	EMPTY_PACKAGE,
	packagePayload,
	packageToForm,
	validatePackage,
} from './validate';

/**
 * Creates a package, or edits one (its slug stays).
 *
 * @param {Object}      props
 * @param {Object|null} props.record The package being edited, or null to create one.
 * @param {Function}    props.onDone Called after a successful save or on cancel.
 */
export default function PackageForm( { record, onDone } ) {
	const { savePackage } = useDispatch( store );
	const isNew = ! record;
	const stores = useList( '/stores' );
	const form = useForm(
		isNew ? EMPTY_PACKAGE : packageToForm( record ),
		validatePackage
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				savePackage( packagePayload( values ), isNew )
			)
		) {
			form.reset();
			onDone();
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-package-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<h3>
				{ isNew
					? __( 'Create a package', 'svc-hub' )
					: sprintf(
							/* translators: %s: package id. */
							__( 'Edit package %s', 'svc-hub' ),
							record.package_id
						) }
			</h3>
			<div className="svc-hub-form__grid">
				<TextControl
					label={ __( 'Package id (slug)', 'svc-hub' ) }
					disabled={ ! isNew }
					{ ...form.field( 'package_id' ) }
				/>
				<TextControl
					label={ __( 'Name', 'svc-hub' ) }
					{ ...form.field( 'name' ) }
				/>
				<TextControl
					label={ __( 'Price', 'svc-hub' ) }
					inputMode="decimal"
					placeholder="49.00"
					{ ...form.field( 'price.amount' ) }
				/>
				<TextControl
					label={ __( 'Currency', 'svc-hub' ) }
					maxLength={ 3 }
					{ ...form.field( 'price.currency' ) }
				/>
				<TextControl
					label={ __( 'Features (comma-separated)', 'svc-hub' ) }
					placeholder="llm.chat, module.seo"
					{ ...form.field( 'features' ) }
				/>
				<TextControl
					label={ __(
						'Duration in days (empty: no end)',
						'svc-hub'
					) }
					type="number"
					min={ 1 }
					{ ...form.field( 'duration_days' ) }
				/>
				<TextControl
					label={ __(
						'Sites per licence (empty: unlimited)',
						'svc-hub'
					) }
					type="number"
					min={ 1 }
					{ ...form.field( 'sites' ) }
				/>
				<TextControl
					label={ __( 'WooCommerce product id', 'svc-hub' ) }
					type="number"
					min={ 1 }
					{ ...form.field( 'woo_product_id' ) }
				/>
				<TextControl
					label={ __( 'Store URL (empty: this site)', 'svc-hub' ) }
					type="url"
					list="svc-hub-store-urls"
					{ ...form.field( 'store' ) }
				/>
				<datalist id="svc-hub-store-urls">
					{ stores &&
						! stores.error &&
						stores.items.map( ( item ) => (
							<option key={ item.id } value={ item.source_url } />
						) ) }
				</datalist>
			</div>
			<PackageAiFields form={ form } />
			<TextareaControl
				label={ __( 'Description', 'svc-hub' ) }
				{ ...form.field( 'description' ) }
			/>
			<div className="svc-hub-actions">
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ isNew
						? __( 'Create package', 'svc-hub' )
						: __( 'Save package', 'svc-hub' ) }
				</Button>
				{ ! isNew && (
					<Button variant="tertiary" onClick={ onDone }>
						{ __( 'Cancel', 'svc-hub' ) }
					</Button>
				) }
			</div>
		</form>
	);
}
