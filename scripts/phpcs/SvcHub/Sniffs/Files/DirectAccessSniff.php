<?php
/**
 * SvcHub.Files.DirectAccess: every PHP file starts (after its doc comment) with
 * `defined( 'ABSPATH' ) || exit;` so that requesting the file's URL directly runs nothing.
 *
 * @package svc-hub
 */

namespace SvcHub\Sniffs\Files;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * Accepts `defined( 'ABSPATH' ) || exit;` (or `die`, `or`, and `|| defined( 'OTHER' )` before the exit) and
 * `if ( ! defined( 'ABSPATH' ) ) { exit; }` as the first statement, after a `namespace` or
 * `declare` if there is one.
 */
class DirectAccessSniff implements Sniff {

	/**
	 * The guards, whitespace removed, lower case: `defined( 'ABSPATH' )` (optionally or'ed with
	 * other `defined( … )` checks, e.g. a standalone mode for tests) or-exit, or the `if` form.
	 */
	private const GUARD = "/^(defined\\('abspath'\\)((\\|\\||or)defined\\('\\w+'\\))*(\\|\\||or)(exit|die)(\\(\\))?;|if\\(!defined\\('abspath'\\)\\)\\{(exit|die)(\\(\\))?;\\})$/";

	/**
	 * @return array<int|string> The tokens this sniff looks at.
	 */
	public function register() {
		return array( T_OPEN_TAG );
	}

	/**
	 * @param File $file    The file being checked.
	 * @param int  $pointer The open tag.
	 * @return int Where to go on: the end of the file (one check per file).
	 */
	public function process( File $file, $pointer ) {
		$tokens = $file->getTokens();
		if ( 0 !== $pointer ) {
			return $file->numTokens;
		}
		$skip  = array_merge( Tokens::$emptyTokens, array( T_OPEN_TAG ) );
		$start = $file->findNext( $skip, $pointer + 1, null, true );
		while ( false !== $start && in_array( $tokens[ $start ]['code'], array( T_NAMESPACE, T_DECLARE, T_USE ), true ) ) {
			$end   = $file->findNext( array( T_SEMICOLON ), $start );
			$start = false === $end ? false : $file->findNext( $skip, $end + 1, null, true );
		}
		if ( false === $start ) {
			return $file->numTokens;
		}
		$text = '';
		for ( $index = $start; $index < $file->numTokens && strlen( $text ) < 200; $index++ ) {
			if ( in_array( $tokens[ $index ]['code'], Tokens::$emptyTokens, true ) ) {
				continue;
			}
			$text .= strtolower( str_replace( '"', "'", $tokens[ $index ]['content'] ) );
			if ( preg_match( self::GUARD, $text ) ) {
				return $file->numTokens;
			}
			if ( T_SEMICOLON === $tokens[ $index ]['code'] && '{' !== substr( $text, -2, 1 ) && 0 !== strpos( $text, 'if' ) ) {
				break;
			}
		}
		$file->addError(
			"The file's first statement must be `defined( 'ABSPATH' ) || exit;` so that a direct request runs nothing.",
			$start,
			'Missing'
		);
		return $file->numTokens;
	}
}
