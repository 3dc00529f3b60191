import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * The package form's AI fields: kind (a credit pack adds USD to a site's or customer's
 * credits), the AI allowance (USD per period), what happens past it (stop, or bill up to a
 * cap), and the resale markup.
 *
 * @param {Object} props
 * @param {Object} props.form The package form (useForm).
 */
export default function PackageAiFields( { form } ) {
	const { values } = form;
	const hasAllowance =
		String( values[ 'ai_allowance.amount' ] ).trim() !== '';
	return (
		<fieldset className="svc-hub-form__section svc-hub-package-ai">
			<legend>{ __( 'AI', 'svc-hub' ) }</legend>
			<div className="svc-hub-form__grid">
				<SelectControl
					label={ __( 'Kind', 'svc-hub' ) }
					options={ [
						{
							value: 'standard',
							label: __( 'Standard', 'svc-hub' ),
						},
						{
							value: 'credit',
							label: __( 'Credit pack', 'svc-hub' ),
						},
					] }
					{ ...form.field( 'kind' ) }
				/>
				{ values.kind === 'credit' && (
					<>
						<TextControl
							label={ __( 'Credits added (USD)', 'svc-hub' ) }
							inputMode="decimal"
							placeholder="20.00"
							{ ...form.field( 'credit_amount' ) }
						/>
						<SelectControl
							label={ __( 'Credits belong to', 'svc-hub' ) }
							options={ [
								{
									value: 'site',
									label: __( 'The site', 'svc-hub' ),
								},
								{
									value: 'customer',
									label: __(
										'The customer (all their sites)',
										'svc-hub'
									),
								},
							] }
							{ ...form.field( 'credit_scope' ) }
						/>
					</>
				) }
				<TextControl
					label={ __( 'AI allowance (USD, empty: none)', 'svc-hub' ) }
					inputMode="decimal"
					placeholder="5.00"
					{ ...form.field( 'ai_allowance.amount' ) }
				/>
				<SelectControl
					label={ __( 'Allowance period', 'svc-hub' ) }
					disabled={ ! hasAllowance }
					options={ [
						{ value: 'month', label: __( 'Month', 'svc-hub' ) },
						{ value: 'year', label: __( 'Year', 'svc-hub' ) },
						{
							value: 'term',
							label: __( 'Paid term', 'svc-hub' ),
						},
						{
							value: 'total',
							label: __( 'In total', 'svc-hub' ),
						},
					] }
					{ ...form.field( 'ai_allowance.period' ) }
				/>
				<SelectControl
					label={ __( 'Past the allowance', 'svc-hub' ) }
					options={ [
						{ value: '', label: __( 'Not set (stop)', 'svc-hub' ) },
						{ value: 'stop', label: __( 'Stop', 'svc-hub' ) },
						{
							value: 'bill',
							label: __( 'Bill overage up to a cap', 'svc-hub' ),
						},
					] }
					{ ...form.field( 'overage.mode' ) }
				/>
				{ values[ 'overage.mode' ] === 'bill' && (
					<TextControl
						label={ __( 'Overage cap (USD)', 'svc-hub' ) }
						inputMode="decimal"
						placeholder="20.00"
						{ ...form.field( 'overage.cap' ) }
					/>
				) }
				<TextControl
					label={ __( 'Markup % (empty: none)', 'svc-hub' ) }
					inputMode="decimal"
					placeholder="25"
					{ ...form.field( 'markup_percent' ) }
				/>
			</div>
		</fieldset>
	);
}
