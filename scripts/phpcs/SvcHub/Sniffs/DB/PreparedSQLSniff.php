<?php
/**
 * SvcHub.DB.PreparedSQL: the SQL given to $wpdb->query() and $wpdb->get_*() is a literal
 * (table names from $wpdb's properties may be interpolated) or one $wpdb->prepare() call.
 *
 * @package svc-hub
 */

namespace SvcHub\Sniffs\DB;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * Looks at the first argument of $wpdb->query, get_var, get_row, get_col and get_results.
 */
class PreparedSQLSniff implements Sniff {

	/** The $wpdb methods that run SQL they are given. */
	private const METHODS = array( 'query', 'get_var', 'get_row', 'get_col', 'get_results' );

	/**
	 * @return array<int|string> The tokens this sniff looks at.
	 */
	public function register() {
		return array( T_VARIABLE );
	}

	/**
	 * @param File $file    The file being checked.
	 * @param int  $pointer A variable.
	 * @return void
	 */
	public function process( File $file, $pointer ) {
		$tokens = $file->getTokens();
		if ( '$wpdb' !== $tokens[ $pointer ]['content'] ) {
			return;
		}
		$arrow  = $file->findNext( Tokens::$emptyTokens, $pointer + 1, null, true );
		$method = false === $arrow ? false : $file->findNext( Tokens::$emptyTokens, $arrow + 1, null, true );
		$open   = false === $method ? false : $file->findNext( Tokens::$emptyTokens, $method + 1, null, true );
		if ( false === $open || T_OBJECT_OPERATOR !== $tokens[ $arrow ]['code']
			|| ! in_array( strtolower( $tokens[ $method ]['content'] ), self::METHODS, true )
			|| T_OPEN_PARENTHESIS !== $tokens[ $open ]['code'] || ! isset( $tokens[ $open ]['parenthesis_closer'] ) ) {
			return;
		}
		$closer = $tokens[ $open ]['parenthesis_closer'];
		$end    = $file->findNext( array( T_COMMA ), $open + 1, $closer );
		for ( $index = $open + 1; false !== $end && $index < $end; $index++ ) {
			if ( isset( $tokens[ $index ]['parenthesis_closer'] ) && $tokens[ $index ]['parenthesis_closer'] > $end ) {
				$end = $file->findNext( array( T_COMMA ), $tokens[ $index ]['parenthesis_closer'], $closer );
			}
		}
		$end = false === $end ? $closer : $end;
		if ( ! $this->is_prepared( $file, $open + 1, $end ) ) {
			$file->addError(
				'$wpdb->%s() runs SQL built from variables or calls; build it with $wpdb->prepare() (placeholders %%s, %%d, %%i).',
				$method,
				'NotPrepared',
				array( $tokens[ $method ]['content'] )
			);
		}
	}

	/**
	 * Whether the SQL argument [$start, $end) is one prepare() call or a literal.
	 *
	 * @param File $file  The file.
	 * @param int  $start First token of the argument.
	 * @param int  $end   One past its last token.
	 * @return bool
	 */
	private function is_prepared( File $file, $start, $end ) {
		$tokens = $file->getTokens();
		$first  = $file->findNext( Tokens::$emptyTokens, $start, $end, true );
		if ( false === $first ) {
			return true;
		}
		$last = $file->findPrevious( Tokens::$emptyTokens, $end - 1, $first, true );
		if ( '$wpdb' === $tokens[ $first ]['content'] ) {
			$method = $file->findNext( Tokens::$emptyTokens, $first + 2, $end, true );
			$open   = false === $method ? false : $file->findNext( Tokens::$emptyTokens, $method + 1, $end, true );
			if ( false !== $open && 'prepare' === strtolower( $tokens[ $method ]['content'] )
				&& T_OPEN_PARENTHESIS === $tokens[ $open ]['code'] && $tokens[ $open ]['parenthesis_closer'] === $last ) {
				return true;
			}
		}
		for ( $index = $first; $index <= $last; $index++ ) {
			$code = $tokens[ $index ]['code'];
			if ( in_array( $code, Tokens::$emptyTokens, true ) || in_array( $code, array( T_CONSTANT_ENCAPSED_STRING, T_STRING_CONCAT ), true ) ) {
				continue;
			}
			if ( T_DOUBLE_QUOTED_STRING === $code || T_HEREDOC === $code ) {
				$bare = preg_replace( '/\{\$wpdb->\w+\}|\$wpdb->\w+/', '', $tokens[ $index ]['content'] );
				if ( false === strpos( (string) $bare, '$' ) ) {
					continue;
				}
				return false;
			}
			if ( T_VARIABLE === $code && '$wpdb' === $tokens[ $index ]['content']
				&& T_OBJECT_OPERATOR === $tokens[ $index + 1 ]['code'] && T_STRING === $tokens[ $index + 2 ]['code']
				&& T_OPEN_PARENTHESIS !== $tokens[ $file->findNext( Tokens::$emptyTokens, $index + 3, null, true ) ]['code'] ) {
				$index += 2; // A table name such as $wpdb->options.
				continue;
			}
			return false;
		}
		return true;
	}
}
