import { __ } from '@wordpress/i18n';

/**
 * @param {string|null} iso ISO 8601 date-time.
 * @return {string} Local date and time, or "never".
 */
export function formatDateTime( iso ) {
	if ( ! iso ) {
		return __( 'never', 'svc-hub' );
	}
	const date = new Date( iso );
	return Number.isNaN( date.getTime() ) ? iso : date.toLocaleString();
}

/**
 * @param {number|string} amount An amount in dollars.
 * @return {string} `$0.0123` (4 decimals below a cent, else 2).
 */
export function formatUsd( amount ) {
	const value = Number( amount ) || 0;
	return `$${ value.toFixed( value !== 0 && Math.abs( value ) < 0.01 ? 4 : 2 ) }`;
}

/**
 * @param {{amount: string, currency: string}|null} money
 * @return {string} `49.00 EUR`.
 */
export function formatMoney( money ) {
	return money ? `${ money.amount } ${ money.currency }` : '—';
}

/**
 * @param {number} value A count.
 * @return {string} With thousands separators.
 */
export function formatNumber( value ) {
	return Number( value || 0 ).toLocaleString();
}
