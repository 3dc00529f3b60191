import { __ } from '@wordpress/i18n';
import {
	featuresProblem,
	isHttpUrl,
	isIntegerBetween,
	onlyProblems,
	splitList,
} from '../../utils/validation';
import {
	aiTermsPayload,
	aiTermsProblems,
	aiTermsToForm,
	EMPTY_AI_TERMS,
} from './ai-terms';

export const PACKAGE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const EMPTY_PACKAGE = {
	package_id: '',
	name: '',
	description: '',
	'price.amount': '',
	'price.currency': 'EUR',
	features: '',
	duration_days: '',
	sites: '',
	woo_product_id: '',
	store: '',
	...EMPTY_AI_TERMS,
};

/**
 * @param {Object} record A package from GET /packages.
 * @return {Object} The form's values.
 */
export function packageToForm( record ) {
	return {
		package_id: record.package_id,
		name: record.name,
		description: record.description ?? '',
		'price.amount': record.price.amount,
		'price.currency': record.price.currency,
		features: record.features.join( ', ' ),
		duration_days:
			record.duration_days === null ? '' : String( record.duration_days ),
		sites: record.sites ? String( record.sites ) : '',
		woo_product_id:
			record.woo_product_id === null
				? ''
				: String( record.woo_product_id ),
		store: record.store ?? '',
		...aiTermsToForm( record ),
	};
}

const optionalInteger = ( value, max ) =>
	String( value ).trim() === '' || isIntegerBetween( value, 1, max );

/**
 * @param {Object} values The package form.
 * @return {Object} `{ field: message }` for each bad field (field names as the API's `data.params`).
 */
export function validatePackage( values ) {
	const store = values.store.trim();
	return onlyProblems( {
		package_id: PACKAGE_ID_PATTERN.test( values.package_id )
			? undefined
			: __(
					'A slug: lower-case letters, digits, - and _ (1 to 64).',
					'svc-hub'
				),
		name:
			values.name.trim() === ''
				? __( 'A name is required.', 'svc-hub' )
				: undefined,
		'price.amount': /^\d{1,10}(\.\d{1,2})?$/.test(
			values[ 'price.amount' ].trim()
		)
			? undefined
			: __( 'An amount such as 49.00 (at most 2 decimals).', 'svc-hub' ),
		'price.currency': /^[A-Za-z]{3}$/.test(
			values[ 'price.currency' ].trim()
		)
			? undefined
			: __( 'A currency code such as EUR or USD.', 'svc-hub' ),
		features: featuresProblem( values.features ),
		duration_days: optionalInteger( values.duration_days, 36500 )
			? undefined
			: __(
					'Days: a whole number from 1 to 36500, or empty for no end.',
					'svc-hub'
				),
		sites: optionalInteger( values.sites, 100000 )
			? undefined
			: __(
					'Sites per licence: a whole number from 1 to 100000, or empty for unlimited.',
					'svc-hub'
				),
		woo_product_id: wooProductProblem( values.woo_product_id, store ),
		store:
			store === '' || isHttpUrl( store )
				? undefined
				: __(
						"The store's absolute http(s) URL, or empty for WooCommerce on this site.",
						'svc-hub'
					),
		...aiTermsProblems( values ),
	} );
}

const integerOrNull = ( value ) =>
	String( value ).trim() === '' ? null : Number( value );

/**
 * @param {Object} values The form (valid).
 * @return {Object} The body of POST /packages or PUT /packages/:id.
 */
export function packagePayload( values ) {
	return {
		package_id: values.package_id,
		name: values.name.trim(),
		description: values.description.trim(),
		price: {
			amount: values[ 'price.amount' ].trim(),
			currency: values[ 'price.currency' ].trim().toUpperCase(),
		},
		features: splitList( values.features ),
		duration_days: integerOrNull( values.duration_days ),
		sites: integerOrNull( values.sites ),
		woo_product_id: integerOrNull( values.woo_product_id ),
		store: values.store.trim() === '' ? null : values.store.trim(),
		...aiTermsPayload( values ),
	};
}

/**
 * @param {string|number} productId The WooCommerce product id as typed.
 * @param {string}        store     The external store's URL, or '' for this site.
 * @return {string|undefined} What is wrong with the product id, if anything.
 */
function wooProductProblem( productId, store ) {
	if ( ! optionalInteger( productId, Number.MAX_SAFE_INTEGER ) ) {
		return __(
			'A WooCommerce product id (a whole number), or empty.',
			'svc-hub'
		);
	}
	return store !== '' && String( productId ).trim() === ''
		? __( 'Required when an external store sells the package.', 'svc-hub' )
		: undefined;
}
