<?php
/**
 * SvcHub.Security.EscapeOutput: what `echo`, `print`, `<?=`, `printf` and `vprintf` output is
 * a literal or passes through an escaping function (esc_html, esc_attr, wp_kses, wp_json_encode…).
 *
 * @package svc-hub
 */

namespace SvcHub\Sniffs\Security;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * Splits the output expression at top-level commas, concatenations and ternaries (a ternary's
 * condition is not output) and reports each piece that is neither a literal, a constant, a
 * numeric cast nor one whole call to an escaping function. `_e()`/`_ex()` print translations
 * unescaped and are reported too (use esc_html_e()).
 */
class EscapeOutputSniff implements Sniff {

	/** Functions whose result is safe to print. */
	private const ESCAPING = array(
		'esc_html', 'esc_html__', 'esc_html_x', 'esc_attr', 'esc_attr__', 'esc_attr_x', 'esc_url',
		'esc_js', 'esc_textarea', 'esc_xml', 'wp_kses', 'wp_kses_post', 'wp_kses_data',
		'wp_json_encode', 'absint', 'intval', 'floatval', 'number_format_i18n', 'count',
		'sanitize_html_class', 'tag_escape',
	);

	/** Tokens that are safe on their own. */
	private const LITERALS = array(
		T_CONSTANT_ENCAPSED_STRING, T_LNUMBER, T_DNUMBER, T_TRUE, T_FALSE, T_NULL, T_LINE,
		T_CLASS_C, T_FUNC_C, T_METHOD_C, T_NS_C, T_NOWDOC,
	);

	/**
	 * @return array<int|string> The tokens this sniff looks at.
	 */
	public function register() {
		return array( T_ECHO, T_PRINT, T_OPEN_TAG_WITH_ECHO, T_STRING );
	}

	/**
	 * @param File $file    The file being checked.
	 * @param int  $pointer The output construct or a function name.
	 * @return void
	 */
	public function process( File $file, $pointer ) {
		$tokens = $file->getTokens();
		$code   = $tokens[ $pointer ]['code'];
		if ( T_STRING === $code ) {
			$name = strtolower( $tokens[ $pointer ]['content'] );
			$open = $file->findNext( Tokens::$emptyTokens, $pointer + 1, null, true );
			if ( false === $open || T_OPEN_PARENTHESIS !== $tokens[ $open ]['code'] || ! isset( $tokens[ $open ]['parenthesis_closer'] ) || $this->is_declaration_or_method( $file, $pointer ) ) {
				return;
			}
			if ( in_array( $name, array( '_e', '_ex' ), true ) ) {
				$file->addError( '%s() prints a translation unescaped; use esc_html_e() or esc_attr_e().', $pointer, 'UnsafePrintingFunction', array( $name ) );
				return;
			}
			if ( in_array( $name, array( 'printf', 'vprintf' ), true ) ) {
				$this->check_expression( $file, $open + 1, $tokens[ $open ]['parenthesis_closer'] );
			}
			return;
		}
		$end = $file->findNext( array( T_SEMICOLON, T_CLOSE_TAG ), $pointer + 1 );
		$this->check_expression( $file, $pointer + 1, false === $end ? $file->numTokens : $end );
	}

	/**
	 * Whether a function name is a declaration (`function printf()`) or a method (`$x->printf()`).
	 *
	 * @param File $file    The file.
	 * @param int  $pointer The name.
	 * @return bool
	 */
	private function is_declaration_or_method( File $file, $pointer ) {
		$before = $file->findPrevious( Tokens::$emptyTokens, $pointer - 1, null, true );
		$code   = false === $before ? null : $file->getTokens()[ $before ]['code'];
		return in_array( $code, array( T_FUNCTION, T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_NEW ), true );
	}

	/**
	 * Reports each unsafe piece of the tokens in [$start, $end).
	 *
	 * @param File $file  The file.
	 * @param int  $start First token.
	 * @param int  $end   One past the last token.
	 * @return void
	 */
	private function check_expression( File $file, $start, $end ) {
		$tokens  = $file->getTokens();
		$piece   = $start;
		$index   = $start;
		while ( $index <= $end ) {
			$code = $index < $end ? $tokens[ $index ]['code'] : null;
			if ( null === $code || in_array( $code, array( T_COMMA, T_STRING_CONCAT, T_INLINE_ELSE, T_COALESCE ), true ) ) {
				$this->check_piece( $file, $piece, $index );
				$piece = $index + 1;
			} elseif ( T_INLINE_THEN === $code ) {
				$piece = $index + 1; // The condition is not printed.
			}
			if ( isset( $tokens[ $index ]['parenthesis_closer'] ) && $index < $end ) {
				$index = $tokens[ $index ]['parenthesis_closer'];
			} elseif ( isset( $tokens[ $index ]['bracket_closer'] ) && $index < $end ) {
				$index = $tokens[ $index ]['bracket_closer'];
			}
			$index++;
		}
	}

	/**
	 * Reports the piece [$start, $end) unless it is safe to print.
	 *
	 * @param File $file  The file.
	 * @param int  $start First token.
	 * @param int  $end   One past the last token.
	 * @return void
	 */
	private function check_piece( File $file, $start, $end ) {
		$tokens = $file->getTokens();
		$first  = $file->findNext( Tokens::$emptyTokens, $start, $end, true );
		if ( false === $first ) {
			return;
		}
		$last = $file->findPrevious( Tokens::$emptyTokens, $end - 1, $first, true );
		$code = $tokens[ $first ]['code'];
		if ( $first === $last && in_array( $code, self::LITERALS, true ) ) {
			return;
		}
		if ( in_array( $code, array( T_INT_CAST, T_DOUBLE_CAST, T_BOOL_CAST ), true ) ) {
			return;
		}
		if ( T_OPEN_PARENTHESIS === $code && $tokens[ $first ]['parenthesis_closer'] === $last ) {
			$this->check_expression( $file, $first + 1, $last );
			return;
		}
		if ( T_STRING === $code ) {
			$next = $file->findNext( Tokens::$emptyTokens, $first + 1, $end, true );
			if ( false === $next ) {
				return; // A constant.
			}
			if ( T_OPEN_PARENTHESIS === $tokens[ $next ]['code'] && $tokens[ $next ]['parenthesis_closer'] === $last
				&& in_array( strtolower( $tokens[ $first ]['content'] ), self::ESCAPING, true ) ) {
				return;
			}
		}
		if ( in_array( $code, array( T_SELF, T_STATIC, T_STRING ), true ) && $last === $first + 2
			&& T_DOUBLE_COLON === $tokens[ $first + 1 ]['code'] && T_STRING === $tokens[ $last ]['code'] ) {
			return; // A class constant.
		}
		$text = trim( $file->getTokensAsString( $first, $last - $first + 1 ) );
		$file->addError(
			'Output not escaped: `%s`; pass it through esc_html(), esc_attr(), esc_url(), wp_kses() or wp_json_encode().',
			$first,
			'OutputNotEscaped',
			array( strlen( $text ) > 60 ? substr( $text, 0, 57 ) . '...' : $text )
		);
	}
}
