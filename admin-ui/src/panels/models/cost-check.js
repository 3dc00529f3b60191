/*
 * The usage list's check of a call's two costs (docs/api-notes.md "Provider-reported cost"):
 * the hub's price × tokens and what the provider reported it charged. Exact, in 10⁻⁸ USD.
 */

const AMOUNT = /^(\d+)(?:\.(\d{1,8}))?$/;

/**
 * @param {string} amount A decimal amount in USD, up to 8 places.
 * @return {bigint|null} The amount in 10⁻⁸ USD, or null when it is not one.
 */
function units( amount ) {
	const match = AMOUNT.exec( String( amount ) );
	if ( ! match ) {
		return null;
	}
	return (
		BigInt( match[ 1 ] ) * 100000000n +
		BigInt( ( match[ 2 ] || '' ).padEnd( 8, '0' ) )
	);
}

/**
 * Whether the two figures differ by over 1 % of the provider's (the one the budget settled at).
 *
 * @param {string|null} cost         The hub's cost (null: unpriced).
 * @param {string|null} providerCost The provider's figure (null: not reported).
 * @return {boolean} True to flag the row.
 */
export function costsDiffer( cost, providerCost ) {
	const hub = cost === null || cost === undefined ? null : units( cost );
	const provider =
		providerCost === null || providerCost === undefined
			? null
			: units( providerCost );
	if ( hub === null || provider === null ) {
		return false;
	}
	const gap = hub > provider ? hub - provider : provider - hub;
	return gap * 100n > provider;
}
