/**
 * `wp-scripts build --config admin-ui/webpack.config.js`: WordPress's webpack config with
 * the entry admin-ui/src/index.js, the output plugin/build/ (index.js, index.asset.php,
 * index.css) and admin-ui/babel.config.js for every source file.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

const babelConfigFile = path.join( __dirname, 'babel.config.js' );

/**
 * The default rules, with the babel-loader pointed at this folder's Babel config.
 *
 * @param {Array} rules webpack module rules.
 * @return {Array} The same rules, babel-loader options replaced.
 */
function withBabelConfig( rules ) {
	return rules.map( ( rule ) => {
		if ( ! Array.isArray( rule.use ) ) {
			return rule;
		}
		return {
			...rule,
			use: rule.use.map( ( loader ) =>
				loader && typeof loader === 'object' && /babel-loader/.test( loader.loader )
					? { ...loader, options: { cacheDirectory: loader.options?.cacheDirectory ?? true, babelrc: false, configFile: babelConfigFile } }
					: loader
			),
		};
	} );
}

module.exports = {
	...defaultConfig,
	entry: { index: path.join( __dirname, 'src', 'index.js' ) },
	// The route manifest (routes.php, routes.json) shares plugin/build/: the clean keeps it.
	output: { ...defaultConfig.output, path: path.join( __dirname, '..', 'plugin', 'build' ), clean: { keep: /^(fonts\/|images\/|routes\.)/ } },
	module: { ...defaultConfig.module, rules: withBabelConfig( defaultConfig.module.rules ) },
};
