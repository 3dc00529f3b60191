import { __ } from '@wordpress/i18n';
import { isHttpUrl, onlyProblems } from '../../utils/validation';

export const EMPTY_BUDGET = {
	scope_kind: 'key',
	scope_value: '',
	period: 'month',
	amount: '',
	hard: 'hard',
	alert_url: '',
};

/**
 * @param {Object} values The budget form.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateBudget( values ) {
	return onlyProblems( {
		scope_value:
			values.scope_value.trim() === ''
				? __( 'Name the API key id, team or site URL.', 'svc-hub' )
				: undefined,
		amount:
			/^\d{1,10}(\.\d{1,8})?$/.test( values.amount.trim() ) &&
			Number( values.amount ) > 0
				? undefined
				: __( 'An amount in USD above 0, e.g. 25.00.', 'svc-hub' ),
		alert_url:
			values.alert_url.trim() === '' || isHttpUrl( values.alert_url )
				? undefined
				: __(
						'Leave empty, or give an absolute http(s) URL.',
						'svc-hub'
					),
	} );
}

/**
 * @param {Object} values The budget form.
 * @return {Object} The POST body.
 */
export function budgetPayload( values ) {
	return {
		scope: { kind: values.scope_kind, value: values.scope_value.trim() },
		period: values.period,
		amount: values.amount.trim(),
		hard: values.hard === 'hard',
		...( values.alert_url.trim()
			? { alert_url: values.alert_url.trim() }
			: {} ),
	};
}
