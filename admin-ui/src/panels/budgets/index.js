import { useState } from '@wordpress/element';
import { sprintf, __ } from '@wordpress/i18n';
import SecretOnce from '../../components/secret-once';
import BudgetForm from './budget-form';
import BudgetList from './budget-list';

/** Budgets per key, team or site (docs/api-notes.md "Budgets"): create, list with spend, reservations and alerts, remove. */
export default function BudgetsPanel() {
	const [ created, setCreated ] = useState( null );
	return (
		<div className="svc-hub-panel svc-hub-budgets">
			{ created?.alert_secret && (
				<SecretOnce
					title={ sprintf(
						/* translators: %s: budget id. */
						__(
							'Budget %s: alerts are signed with this secret.',
							'svc-hub'
						),
						created.id
					) }
					secrets={ [
						{
							label: __( 'Alert signing secret', 'svc-hub' ),
							value: created.alert_secret,
						},
					] }
					onDismiss={ () => setCreated( null ) }
				/>
			) }
			<BudgetForm onCreated={ setCreated } />
			<BudgetList />
		</div>
	);
}
