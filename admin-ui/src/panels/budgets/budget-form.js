import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { useForm } from '../../components/use-form';
import { store } from '../../store';
import { budgetPayload, EMPTY_BUDGET, validateBudget } from './validate';

/**
 * Creates a budget; `onCreated` receives it (with its alert secret, shown once).
 *
 * @param {Object}   props
 * @param {Function} props.onCreated The created budget.
 */
export default function BudgetForm( { onCreated } ) {
	const { createBudget } = useDispatch( store );
	const form = useForm( EMPTY_BUDGET, validateBudget );
	const onSubmit = async ( event ) => {
		event.preventDefault();
		let created = null;
		const saved = await form.submit( async ( values ) => {
			const outcome = await createBudget( budgetPayload( values ) );
			created = outcome.result ?? null;
			return outcome;
		} );
		if ( saved ) {
			form.reset();
			onCreated( created );
		}
	};
	return (
		<form
			className="svc-hub-form svc-hub-budget-form"
			onSubmit={ onSubmit }
			noValidate
		>
			<h3>{ __( 'Create a budget', 'svc-hub' ) }</h3>
			<div className="svc-hub-form__grid">
				<SelectControl
					label={ __( 'For', 'svc-hub' ) }
					options={ [
						{
							value: 'key',
							label: __(
								'an API key (its id, key_…)',
								'svc-hub'
							),
						},
						{
							value: 'team',
							label: __( 'a team of a site', 'svc-hub' ),
						},
						{
							value: 'site',
							label: __( 'a site (its URL)', 'svc-hub' ),
						},
						{
							value: 'customer',
							label: __(
								'a customer — all its sites (cus_…)',
								'svc-hub'
							),
						},
					] }
					{ ...form.field( 'scope_kind' ) }
				/>
				<TextControl
					label={ __(
						'Key id, team, site URL or customer id',
						'svc-hub'
					) }
					{ ...form.field( 'scope_value' ) }
				/>
				{ form.values.scope_kind === 'team' && (
					<TextControl
						label={ __( 'Site of the team (URL)', 'svc-hub' ) }
						type="url"
						{ ...form.field( 'scope_site' ) }
					/>
				) }
				<SelectControl
					label={ __( 'Period (UTC)', 'svc-hub' ) }
					options={ [
						{ value: 'day', label: __( 'per day', 'svc-hub' ) },
						{ value: 'month', label: __( 'per month', 'svc-hub' ) },
						{ value: 'total', label: __( 'in total', 'svc-hub' ) },
					] }
					{ ...form.field( 'period' ) }
				/>
				<TextControl
					label={ __( 'Amount (USD)', 'svc-hub' ) }
					{ ...form.field( 'amount' ) }
				/>
				<SelectControl
					label={ __( 'When spent', 'svc-hub' ) }
					options={ [
						{
							value: 'hard',
							label: __( 'hard — refuse calls', 'svc-hub' ),
						},
						{
							value: 'soft',
							label: __( 'soft — alert only', 'svc-hub' ),
						},
					] }
					{ ...form.field( 'hard' ) }
				/>
				<TextControl
					label={ __(
						'Alert URL (optional, signed webhooks at 80 % and 100 %)',
						'svc-hub'
					) }
					type="url"
					{ ...form.field( 'alert_url' ) }
				/>
			</div>
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.isBusy }
				disabled={ form.isBusy }
			>
				{ __( 'Create budget', 'svc-hub' ) }
			</Button>
		</form>
	);
}
