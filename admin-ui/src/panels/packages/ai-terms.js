/*
 * A package's AI fields (docs/commerce.md "AI allowances and credits"): the form's values,
 * their checks — the worker's rules (worker/src/commerce/ai-terms.ts), field names as its
 * `data.params` — and the request body's part.
 */
import { __ } from '@wordpress/i18n';

export const EMPTY_AI_TERMS = {
	kind: 'standard',
	credit_amount: '',
	credit_scope: 'site',
	'ai_allowance.amount': '',
	'ai_allowance.period': 'month',
	'overage.mode': '',
	'overage.cap': '',
	markup_percent: '',
};

export const ALLOWANCE_PERIODS = [ 'month', 'year', 'term', 'total' ];

const MAX_USD_UNITS = 1000000n * 100000000n;

/**
 * The worker's decimal rule: a plain decimal (ASCII digits, one point), at most `whole`
 * digits before the point and `scale` after, more than 0 unless `zero`.
 *
 * @param {string}  text       As typed.
 * @param {Object}  rule       The column's rule.
 * @param {number}  rule.whole Digits before the point.
 * @param {number}  rule.scale Digits after it.
 * @param {boolean} rule.zero  Whether 0 is taken.
 * @return {boolean} Whether the worker takes it.
 */
function isDecimal( text, { whole, scale, zero } ) {
	const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec( text );
	if ( ! match || match[ 1 ].length > whole ) {
		return false;
	}
	const fraction = match[ 2 ] ?? '';
	if ( /[1-9]/.test( fraction.slice( scale ) ) ) {
		return false;
	}
	return zero || /[1-9]/.test( match[ 1 ] + fraction );
}

/**
 * @param {string} text As typed.
 * @return {boolean} Whether it is a USD amount the worker takes: more than 0, at most 1,000,000, 8 decimals.
 */
export function isUsd( text ) {
	const value = String( text ).trim();
	if ( ! isDecimal( value, { whole: 7, scale: 8, zero: false } ) ) {
		return false;
	}
	const [ whole, fraction = '' ] = value.split( '.' );
	const units =
		BigInt( whole ) * 100000000n +
		BigInt( fraction.slice( 0, 8 ).padEnd( 8, '0' ) );
	return units <= MAX_USD_UNITS;
}

const USD_PROBLEM = () =>
	__(
		'USD such as 5.00: more than 0, at most 1000000, up to 8 decimals.',
		'svc-hub'
	);
const blank = ( value ) => String( value ?? '' ).trim() === '';

/**
 * @param {Object} values The package form.
 * @return {Object} `{ field: message|undefined }` for the AI fields.
 */
export function aiTermsProblems( values ) {
	const credit = values.kind === 'credit';
	const hasAllowance = ! blank( values[ 'ai_allowance.amount' ] );
	const mode = values[ 'overage.mode' ];
	return {
		kind: [ 'standard', 'credit' ].includes( values.kind )
			? undefined
			: __( 'Standard or credit.', 'svc-hub' ),
		credit_amount:
			credit && ! isUsd( values.credit_amount )
				? USD_PROBLEM()
				: undefined,
		credit_scope:
			credit && ! [ 'site', 'customer' ].includes( values.credit_scope )
				? __( 'Site or customer.', 'svc-hub' )
				: undefined,
		'ai_allowance.amount':
			hasAllowance && ! isUsd( values[ 'ai_allowance.amount' ] )
				? USD_PROBLEM()
				: undefined,
		'ai_allowance.period': ALLOWANCE_PERIODS.includes(
			values[ 'ai_allowance.period' ]
		)
			? undefined
			: __( 'Month, year, term or total.', 'svc-hub' ),
		'overage.mode':
			mode !== '' && ! hasAllowance
				? __( 'Overage needs an AI allowance to go past.', 'svc-hub' )
				: undefined,
		'overage.cap':
			mode === 'bill' && ! isUsd( values[ 'overage.cap' ] )
				? USD_PROBLEM()
				: undefined,
		markup_percent:
			blank( values.markup_percent ) ||
			isDecimal( String( values.markup_percent ).trim(), {
				whole: 4,
				scale: 4,
				zero: true,
			} )
				? undefined
				: __(
						'A percent from 0 to 9999.9999 (up to 4 decimals), or empty for none.',
						'svc-hub'
					),
	};
}

/**
 * @param {Object} values The form (valid).
 * @return {Object} The AI part of POST /packages or PUT /packages/:id.
 */
export function aiTermsPayload( values ) {
	const credit = values.kind === 'credit';
	const amount = String( values[ 'ai_allowance.amount' ] ).trim();
	const mode = values[ 'overage.mode' ];
	const markup = String( values.markup_percent ).trim();
	return {
		kind: values.kind,
		credit_amount: credit ? String( values.credit_amount ).trim() : null,
		credit_scope: credit ? values.credit_scope : null,
		ai_allowance:
			amount === ''
				? null
				: { amount, period: values[ 'ai_allowance.period' ] },
		overage:
			amount === '' || mode === ''
				? null
				: {
						mode,
						...( mode === 'bill'
							? { cap: String( values[ 'overage.cap' ] ).trim() }
							: {} ),
					},
		markup_percent: markup === '' ? null : markup,
	};
}

/**
 * @param {Object} record A package from GET /packages.
 * @return {Object} The AI fields' values.
 */
export function aiTermsToForm( record ) {
	return {
		kind: record.kind ?? 'standard',
		credit_amount: record.credit_amount ?? '',
		credit_scope: record.credit_scope ?? 'site',
		'ai_allowance.amount': record.ai_allowance?.amount ?? '',
		'ai_allowance.period': record.ai_allowance?.period ?? 'month',
		'overage.mode': record.overage?.mode ?? '',
		'overage.cap':
			record.overage?.mode === 'bill' ? record.overage.cap : '',
		markup_percent: record.markup_percent ?? '',
	};
}
