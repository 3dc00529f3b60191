/**
 * The licences shown for a search: a key prefix (SVC-…, any case), a package id or a site URL
 * fragment, matched against the page the server sent.
 *
 * @param {Array}  licences The server's licences.
 * @param {string} typed    The search text.
 * @return {Array} The matching licences.
 */
export function filterLicences( licences, typed ) {
	const needle = typed.trim().toLowerCase();
	if ( needle === '' ) {
		return licences;
	}
	return licences.filter(
		( licence ) =>
			licence.key_prefix.toLowerCase().startsWith( needle ) ||
			licence.package_id.toLowerCase().includes( needle ) ||
			licence.site_url.toLowerCase().includes( needle )
	);
}
