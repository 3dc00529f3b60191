import { __ } from '@wordpress/i18n';
import { isHttpUrl, onlyProblems } from '../../utils/validation';

export const EMPTY_BUDGET = {
	scope_kind: 'key',
	scope_value: '',
	scope_site: '',
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
				? __(
						'Name the API key id, team, site URL or customer id.',
						'svc-hub'
					)
				: undefined,
		// A team is a label within a site: a team budget names the site (docs/api-notes.md "Customers and tenancy").
		scope_site:
			values.scope_kind === 'team' && ! isHttpUrl( values.scope_site )
				? __(
						'A team budget names its site (the site URL).',
						'svc-hub'
					)
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
		scope: {
			kind: values.scope_kind,
			value: values.scope_value.trim(),
			...( values.scope_kind === 'team'
				? { site_url: values.scope_site.trim() }
				: {} ),
		},
		period: values.period,
		amount: values.amount.trim(),
		hard: values.hard === 'hard',
		...( values.alert_url.trim()
			? { alert_url: values.alert_url.trim() }
			: {} ),
	};
}
