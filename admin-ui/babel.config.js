/**
 * Babel for the admin screen (the wp-scripts build and the root jest project `admin-ui`).
 *
 * WordPress's own preset, except that JSX compiles to `createElement` from @wordpress/element
 * (classic runtime, imported automatically): the preset's automatic runtime needs the
 * `react-jsx-runtime` script, which WordPress only ships from 6.6, and the plugin supports 6.1.
 */
const fromPreset = ( name ) =>
	require.resolve( name, { paths: [ require.resolve( '@wordpress/babel-preset-default' ) ] } );

module.exports = {
	presets: [ require.resolve( '@wordpress/babel-preset-default' ) ],
	plugins: [
		[
			require.resolve( '@wordpress/babel-plugin-import-jsx-pragma' ),
			{ scopeVariable: 'createElement', scopeVariableFrag: 'Fragment', source: '@wordpress/element', isDefault: false },
		],
		[
			fromPreset( '@babel/plugin-transform-react-jsx' ),
			{ runtime: 'classic', pragma: 'createElement', pragmaFrag: 'Fragment' },
		],
	],
};
