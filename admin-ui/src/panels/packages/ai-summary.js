import { sprintf, __ } from '@wordpress/i18n';

const PERIODS = () => ( {
	month: __( 'month', 'svc-hub' ),
	year: __( 'year', 'svc-hub' ),
	term: __( 'term', 'svc-hub' ),
	total: __( 'in total', 'svc-hub' ),
} );

/**
 * USD as the worker writes it ("5.00000000"), shown with its cents ("5.00") and the rest only when it counts.
 *
 * @param {string} amount A decimal string.
 * @return {string} "5.00 USD".
 */
export function formatUsd( amount ) {
	const [ whole, fraction = '' ] = String( amount ).split( '.' );
	const kept = fraction.replace( /0+$/, '' ).padEnd( 2, '0' );
	return `${ whole }.${ kept } USD`;
}

/**
 * The package list's AI column: "Credit pack: 20.00 USD to the site", "5.00 USD / month,
 * overage billed up to 20.00 USD, markup 25 %", or "—".
 *
 * @param {Object} record A package from GET /packages.
 * @return {string} The summary.
 */
export function describeAi( record ) {
	const parts = [];
	if ( record.kind === 'credit' && record.credit_amount ) {
		parts.push(
			sprintf(
				/* translators: 1: USD amount, 2: site or customer. */
				__( 'Credit pack: %1$s to the %2$s', 'svc-hub' ),
				formatUsd( record.credit_amount ),
				record.credit_scope === 'customer'
					? __( 'customer', 'svc-hub' )
					: __( 'site', 'svc-hub' )
			)
		);
	}
	if ( record.ai_allowance ) {
		parts.push(
			sprintf(
				/* translators: 1: USD amount, 2: period. */
				__( '%1$s / %2$s', 'svc-hub' ),
				formatUsd( record.ai_allowance.amount ),
				PERIODS()[ record.ai_allowance.period ] ??
					record.ai_allowance.period
			)
		);
	}
	if ( record.overage?.mode === 'bill' ) {
		parts.push(
			sprintf(
				/* translators: %s: USD cap. */
				__( 'overage billed up to %s', 'svc-hub' ),
				formatUsd( record.overage.cap )
			)
		);
	} else if ( record.overage?.mode === 'stop' ) {
		parts.push( __( 'stops at the allowance', 'svc-hub' ) );
	}
	if ( record.markup_percent ) {
		parts.push(
			sprintf(
				/* translators: %s: percent. */
				__( 'markup %s %%', 'svc-hub' ),
				String( record.markup_percent ).replace( /\.?0+$/, '' )
			)
		);
	}
	return parts.length > 0 ? parts.join( ', ' ) : '—';
}
