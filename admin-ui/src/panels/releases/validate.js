/*
 * The release upload form (POST /admin/releases, docs/api-notes.md "Releases and updates"): the
 * worker's checks (worker/src/license/releases/release-inputs.ts), field names as its
 * `data.params`, and the multipart body. The zip itself is the hub's to judge.
 */
import { __ } from '@wordpress/i18n';
import { isHttpUrl, onlyProblems } from '../../utils/validation';

export const MAX_RELEASE_BYTES = 32 * 1024 * 1024;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const VERSION = /^\d+(\.\d+)*([-_+.]?[0-9A-Za-z]+)*$/;
const REQUIREMENT = /^\d+(\.\d+){0,3}$/;
const REQUIREMENTS = [ 'requires_wp', 'requires_php', 'tested_wp' ];

export const EMPTY_RELEASE = {
	package_id: '',
	type: 'plugin',
	slug: '',
	version: '',
	channel: 'stable',
	changelog: '',
	requires_wp: '',
	requires_php: '',
	tested_wp: '',
	renewal_url: '',
	file: null,
};

const trimmed = ( value ) => String( value ?? '' ).trim();

/**
 * @param {Object} values The form; `file` is the chosen File or null.
 * @return {Object} `{ field: message }` for each bad field.
 */
export function validateRelease( values ) {
	const version = trimmed( values.version );
	const renewal = trimmed( values.renewal_url );
	const problems = {
		package_id:
			trimmed( values.package_id ) === ''
				? __( 'Choose the package that delivers it.', 'svc-hub' )
				: undefined,
		type: [ 'plugin', 'theme' ].includes( values.type )
			? undefined
			: __( 'Plugin or theme.', 'svc-hub' ),
		slug: SLUG.test( trimmed( values.slug ) )
			? undefined
			: __(
					'Its folder name: a–z, 0–9, - and _ (e.g. acme-forms).',
					'svc-hub'
				),
		version:
			version.length <= 40 && VERSION.test( version )
				? undefined
				: __( 'A version such as 1.2.0 or 2.0.0-beta.1.', 'svc-hub' ),
		channel: [ 'stable', 'beta' ].includes( values.channel )
			? undefined
			: __( 'Stable or beta.', 'svc-hub' ),
		changelog:
			trimmed( values.changelog ).length > 200000
				? __( 'At most 200000 characters.', 'svc-hub' )
				: undefined,
		renewal_url:
			renewal === '' || ( renewal.length <= 255 && isHttpUrl( renewal ) )
				? undefined
				: __( 'An absolute http(s) URL, or empty.', 'svc-hub' ),
		file: fileProblem( values.file ),
	};
	for ( const name of REQUIREMENTS ) {
		const value = trimmed( values[ name ] );
		problems[ name ] =
			value === '' || REQUIREMENT.test( value )
				? undefined
				: __(
						'A version number such as 6.5 or 8.1, or empty.',
						'svc-hub'
					);
	}
	return onlyProblems( problems );
}

function fileProblem( file ) {
	if ( ! file ) {
		return __( 'Choose the release zip.', 'svc-hub' );
	}
	return file.size > MAX_RELEASE_BYTES
		? __( 'The hub takes zips up to 32 MB.', 'svc-hub' )
		: undefined;
}

/**
 * @param {Object} values The form (valid).
 * @return {FormData} The multipart body: each filled field, then the zip as `file`.
 */
export function releaseFormData( values ) {
	const form = new FormData();
	for ( const [ name, value ] of Object.entries( values ) ) {
		if ( name !== 'file' && trimmed( value ) !== '' ) {
			form.append( name, trimmed( value ) );
		}
	}
	form.append( 'file', values.file, values.file.name );
	return form;
}

/**
 * The hub's refusal of an upload as the form's field errors. The site's PHP refuses an upload
 * it did not keep (post_max_size, upload_max_filesize) naming `image`, and a body past the
 * hub's limit is a 413 naming nothing: on this form both are about the zip.
 *
 * @param {Object} error `{ status, message, params }` from the store.
 * @return {Object} The error, its params naming `file` where the refusal is the zip's.
 */
export function uploadRefusal( error ) {
	const { image, ...params } = error.params ?? {};
	if ( image !== undefined ) {
		return { ...error, params: { ...params, file: image } };
	}
	if ( error.status === 413 && Object.keys( params ).length === 0 ) {
		return { ...error, params: { file: error.message } };
	}
	return error;
}
