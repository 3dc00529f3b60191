import { sprintf, __ } from '@wordpress/i18n';
import { mutateAs } from './mutate-as';

/*
 * Budgets: create (the alert signing secret comes back once, in the outcome), change the amount
 * or the kind, remove.
 */

export const createBudget = ( values ) =>
	mutateAs( {
		path: '/budgets',
		data: values,
		success: ( budget ) =>
			sprintf(
				/* translators: %s: budget id. */ __(
					'Budget %s created.',
					'svc-hub'
				),
				budget.id
			),
	} );

export const updateBudget = ( budget, changes ) =>
	mutateAs( {
		path: `/budgets/${ encodeURIComponent( budget.id ) }`,
		method: 'PATCH',
		data: changes,
		success: () =>
			sprintf(
				/* translators: %s: budget id. */ __(
					'Budget %s changed.',
					'svc-hub'
				),
				budget.id
			),
	} );

export const removeBudget = ( budget ) =>
	mutateAs( {
		path: `/budgets/${ encodeURIComponent( budget.id ) }`,
		method: 'DELETE',
		success: () =>
			sprintf(
				/* translators: %s: budget id. */ __(
					'Budget %s removed.',
					'svc-hub'
				),
				budget.id
			),
	} );
