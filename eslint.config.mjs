/**
 * ESLint (flat config) for the whole repository, run by `npm run lint` (scripts/lint.sh):
 * - worker/src: ESLint's and typescript-eslint's recommended rules plus an import rule that keeps the
 *   worker's dependencies flowing the one way docs/architecture.md §2 and §0 draw them;
 * - admin-ui/src: exactly the config `wp-scripts lint-js` uses by default (WordPress's own
 *   rules and prettier formatting), confined to that folder. `wp-scripts lint-js` finds this
 *   file at the root and uses it instead of its default.
 */
import { createRequire } from 'node:module';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const require = createRequire( import.meta.url );
const wordpressDefault = require( '@wordpress/scripts/config/eslint.config.cjs' );

const WORKER = './worker/src';
const TOP = [ 'cli', 'main.ts', 'jobs.ts' ];
const AREA = ( name ) => `${ WORKER }/${ name }`;

/**
 * The arrows: http/ → router/ | commerce/ | library/ → license/ → db/; router/ → providers/;
 * providers/ and config.ts → support/ only (config.ts also reads the provider descriptors in
 * providers/); support/ shared by all and importing none of them; cli/, main.ts, jobs.ts at the
 * top, then http/, then services.ts (the bag http/ is handed; it imports no part of http/).
 * One zone per forbidden source: files in `target` may not import from `from`.
 */
function dependencyZones() {
	const forbidden = {
		support: [ 'http', 'router', 'providers', 'commerce', 'library', 'license', 'db', 'config.ts', 'services.ts' ],
		providers: [ 'http', 'router', 'commerce', 'library', 'license', 'db', 'config.ts', 'services.ts' ],
		'config.ts': [ 'http', 'router', 'commerce', 'library', 'license', 'db', 'services.ts' ],
		db: [ 'http', 'router', 'providers', 'commerce', 'library', 'license', 'services.ts' ],
		license: [ 'http', 'router', 'providers', 'commerce', 'library', 'services.ts' ],
		router: [ 'http', 'commerce', 'library', 'services.ts' ],
		commerce: [ 'http', 'router', 'providers', 'library', 'services.ts' ],
		library: [ 'http', 'router', 'providers', 'commerce', 'license', 'services.ts' ],
		'services.ts': [ 'http' ],
		http: [],
	};
	const zones = [];
	for ( const [ target, sources ] of Object.entries( forbidden ) ) {
		for ( const source of [ ...sources, ...TOP ] ) {
			zones.push( {
				target: AREA( target ),
				from: AREA( source ),
				message: `${ target } may not import ${ source } — dependencies flow one way (docs/architecture.md §2): http/ → router/ | commerce/ | library/ → license/ → db/; router/ → providers/; providers/ and config.ts → support/; cli/, main, jobs and services sit on top.`,
			} );
		}
	}
	return zones;
}

export default [
	{
		ignores: [ '**/build/**', '**/node_modules/**', '**/vendor/**', 'dist/**' ],
	},

	// The admin screen: what `wp-scripts lint-js` checks by default, confined to admin-ui/.
	...wordpressDefault.map( ( config ) => ( { ...config, basePath: 'admin-ui' } ) ),

	// The worker: ESLint's and typescript-eslint's recommended rules, then ours.
	{ ...js.configs.recommended, files: [ 'worker/src/**/*.ts' ] },
	...tseslint.configs.recommended.map( ( config ) => ( { ...config, files: [ 'worker/src/**/*.ts' ] } ) ),
	{
		files: [ 'worker/src/**/*.ts' ],
		plugins: { import: importPlugin },
		languageOptions: {
			globals: globals.node,
			parserOptions: { tsconfigRootDir: import.meta.dirname },
		},
		settings: {
			'import/parsers': { '@typescript-eslint/parser': [ '.ts' ] },
			'import/resolver': { node: { extensions: [ '.ts', '.js', '.json' ] } },
		},
		rules: {
			'import/no-restricted-paths': [ 'error', { zones: dependencyZones() } ],
			'import/no-cycle': [ 'error', { ignoreExternal: true } ],
			'import/no-duplicates': 'error',
			'@typescript-eslint/no-unused-vars': [ 'error', { argsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' } ],
			'@typescript-eslint/consistent-type-imports': [ 'error', { fixStyle: 'inline-type-imports' } ],
			eqeqeq: [ 'error', 'always', { null: 'ignore' } ],
			'no-console': 'error',
		},
	},
	{
		// Only http/ speaks HTTP: the areas below it export plain functions (issue 26).
		files: [ 'worker/src/{commerce,license,library,providers,db,support}/**/*.ts', 'worker/src/config.ts' ],
		ignores: [ 'worker/src/**/*.test.ts', 'worker/src/**/__fixtures__/**' ],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [ 'express' ].map( ( name ) => ( {
						name,
						message: 'Only http/ speaks express: export a plain function and let a handler in http/handlers/ call it.',
					} ) ),
				},
			],
		},
	},
	{
		// router/ says what an answer is (a result, a stream of pieces, headers as data); http/
		// writes it (issue 14). Provider clients (undici) and their test fixtures are not answers.
		files: [ 'worker/src/router/**/*.ts' ],
		ignores: [ 'worker/src/router/**/*.test.ts', 'worker/src/router/**/__fixtures__/**' ],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [ 'express', 'node:http', 'http', 'node:http2', 'http2' ].map( ( name ) => ( {
						name,
						message: 'router/ does not speak HTTP to its callers: return data (router/calls/answer-stream.ts) and let http/ write it (issue 14, docs/architecture.md §2).',
					} ) ),
				},
			],
			'no-restricted-properties': [
				'error',
				...[ 'setHeader', 'writeHead', 'flushHeaders' ].map( ( property ) => ( {
					property,
					message: 'router/ does not write answers: put headers in the call\'s AnswerHeaders (router/calls/answer-stream.ts); http/ writes them.',
				} ) ),
			],
		},
	},
	{
		// The CLI talks to a terminal.
		files: [ 'worker/src/cli/**/*.ts' ],
		rules: { 'no-console': 'off' },
	},
];
