import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import DataTable from '../../components/data-table';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { formatDateTime } from '../../utils/format';

const usd = ( money ) => `${ Number( money.amount ).toFixed( 4 ) } USD`;

/** Every budget with its current period: spent, reserved by calls in flight, alerts raised; remove, switch hard/soft. */
export default function BudgetList() {
	const list = useList( '/budgets' );
	const { removeBudget, updateBudget } = useDispatch( store );
	const columns = [
		{
			key: 'scope',
			label: __( 'For', 'svc-hub' ),
			render: ( budget ) => (
				<>
					{ `${ budget.scope.kind }: ${ budget.scope.value }` }
					{ budget.scope.site_url && ` (${ budget.scope.site_url })` }
					{ budget.warning && (
						<p className="svc-hub-error">{ budget.warning }</p>
					) }
				</>
			),
		},
		{ key: 'period', label: __( 'Period', 'svc-hub' ) },
		{
			key: 'amount',
			label: __( 'Amount', 'svc-hub' ),
			render: ( budget ) => usd( budget.amount ),
		},
		{
			key: 'hard',
			label: __( 'Kind', 'svc-hub' ),
			render: ( budget ) =>
				budget.hard ? __( 'hard', 'svc-hub' ) : __( 'soft', 'svc-hub' ),
		},
		{
			key: 'spent',
			label: __( 'Spent this period', 'svc-hub' ),
			render: ( budget ) => usd( budget.window.spent ),
		},
		{
			key: 'reserved',
			label: __( 'Reserved now', 'svc-hub' ),
			render: ( budget ) =>
				sprintf(
					/* translators: %1$s: amount reserved, %2$d: workers' leases holding it (calls in flight draw from them). */ __(
						'%1$s (%2$d leases)',
						'svc-hub'
					),
					usd( budget.window.reserved ),
					budget.window.reservations
				),
		},
		{
			key: 'alerts',
			label: __( 'Alerts', 'svc-hub' ),
			render: ( budget ) =>
				[
					budget.window.alerts.percent_80_at &&
						sprintf(
							/* translators: %s: date and time. */ __(
								'80 %% at %s',
								'svc-hub'
							),
							formatDateTime( budget.window.alerts.percent_80_at )
						),
					budget.window.alerts.percent_100_at &&
						sprintf(
							/* translators: %s: date and time. */ __(
								'100 %% at %s',
								'svc-hub'
							),
							formatDateTime(
								budget.window.alerts.percent_100_at
							)
						),
				]
					.filter( Boolean )
					.join( ' · ' ) || '—',
		},
		{
			key: 'resets_at',
			label: __( 'Resets', 'svc-hub' ),
			render: ( budget ) =>
				budget.window.resets_at
					? formatDateTime( budget.window.resets_at )
					: __( 'never', 'svc-hub' ),
		},
		{
			key: 'actions',
			label: __( 'Actions', 'svc-hub' ),
			render: ( budget ) => (
				<div className="svc-hub-actions">
					<ConfirmButton
						label={
							budget.hard
								? __( 'Make soft', 'svc-hub' )
								: __( 'Make hard', 'svc-hub' )
						}
						title={
							budget.hard
								? __( 'Only alert when spent?', 'svc-hub' )
								: __( 'Refuse calls when spent?', 'svc-hub' )
						}
						message={ __(
							'Every worker applies the change within 2 seconds.',
							'svc-hub'
						) }
						onConfirm={ () =>
							updateBudget( budget, { hard: ! budget.hard } )
						}
					/>
					<ConfirmButton
						label={ __( 'Remove', 'svc-hub' ) }
						title={ sprintf(
							/* translators: %s: budget id. */ __(
								'Remove budget %s?',
								'svc-hub'
							),
							budget.id
						) }
						message={ __(
							'Its spend record and undelivered alerts go with it.',
							'svc-hub'
						) }
						isDestructive
						onConfirm={ () => removeBudget( budget ) }
					/>
				</div>
			),
		},
	];
	return (
		<>
			<h3>{ __( 'Budgets', 'svc-hub' ) }</h3>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( budget ) => budget.id }
				empty={ __( 'No budgets yet.', 'svc-hub' ) }
				className="svc-hub-budget-list"
			/>
		</>
	);
}
