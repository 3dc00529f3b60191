import { Button, Modal, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { pricePayload, validatePrice } from './validate';

/**
 * Overrides one model's price (USD per million tokens) in a dialog.
 *
 * @param {Object}   props
 * @param {Object}   props.model    The model from GET /models.
 * @param {string}   props.provider Set instead: the provider's default price (`model` then carries its pricing).
 * @param {Function} props.onClose  Closes the dialog.
 */
export default function PriceForm( { model, provider, onClose } ) {
	const { savePrice, saveDefaultPrice } = useDispatch( store );
	const form = useForm(
		{
			input_per_mtok: String( model.pricing.input_per_mtok ),
			output_per_mtok: String( model.pricing.output_per_mtok ),
			cache_read_per_mtok: String( model.pricing.cache_read_per_mtok ),
			cache_write_per_mtok: String( model.pricing.cache_write_per_mtok ),
		},
		validatePrice
	);
	const onSubmit = async ( event ) => {
		event.preventDefault();
		if (
			await form.submit( ( values ) =>
				provider
					? saveDefaultPrice( provider, pricePayload( values ) )
					: savePrice( model.id, pricePayload( values ) )
			)
		) {
			onClose();
		}
	};
	return (
		<Modal
			title={ sprintf(
				/* translators: %s: model id. */ __( 'Price of %s', 'svc-hub' ),
				model.id
			) }
			onRequestClose={ onClose }
		>
			<form
				className="svc-hub-form svc-hub-price-form"
				onSubmit={ onSubmit }
				noValidate
			>
				<TextControl
					label={ __( 'Input, USD per million tokens', 'svc-hub' ) }
					inputMode="decimal"
					{ ...form.field( 'input_per_mtok' ) }
				/>
				<TextControl
					label={ __( 'Output, USD per million tokens', 'svc-hub' ) }
					inputMode="decimal"
					{ ...form.field( 'output_per_mtok' ) }
				/>
				<TextControl
					label={ __(
						'Cache read, USD per million tokens',
						'svc-hub'
					) }
					inputMode="decimal"
					{ ...form.field( 'cache_read_per_mtok' ) }
				/>
				<TextControl
					label={ __(
						'Cache write, USD per million tokens',
						'svc-hub'
					) }
					inputMode="decimal"
					{ ...form.field( 'cache_write_per_mtok' ) }
				/>
				{ ! provider && (
					<p className="description">
						{ sprintf(
							/* translators: %1$s: input, %2$s: output, %3$s: cache read, %4$s: cache write, each per million tokens. */
							__(
								'Shipped price: %1$s in / %2$s out / %3$s cache read / %4$s cache write.',
								'svc-hub'
							),
							model.shipped_pricing.input_per_mtok,
							model.shipped_pricing.output_per_mtok,
							model.shipped_pricing.cache_read_per_mtok,
							model.shipped_pricing.cache_write_per_mtok
						) }
					</p>
				) }
				<Button
					variant="primary"
					type="submit"
					isBusy={ form.isBusy }
					disabled={ form.isBusy }
				>
					{ __( 'Save price', 'svc-hub' ) }
				</Button>
			</form>
		</Modal>
	);
}
