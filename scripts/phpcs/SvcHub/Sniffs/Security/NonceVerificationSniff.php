<?php
/**
 * SvcHub.Security.NonceVerification: admin actions check a nonce and the user's capability.
 *
 * @package svc-hub
 */

namespace SvcHub\Sniffs\Security;

use PHP_CodeSniffer\Files\File;
use PHP_CodeSniffer\Sniffs\Sniff;
use PHP_CodeSniffer\Util\Tokens;

/**
 * - A function (or file scope) that reads $_POST, $_REQUEST or $_FILES processes a form: it
 *   calls check_admin_referer(), check_ajax_referer() or wp_verify_nonce() (code `Missing`)
 *   and current_user_can() (code `CapabilityMissing`).
 * - One that reads $_GET calls a nonce check too (code `Recommended`): a link that changes
 *   something needs one; a harmless read gets a `phpcs:ignore` that says why.
 * - The callback of an `admin_post_*` or `wp_ajax_*` action is declared in the same file and
 *   checks both (codes `HandlerMissing`, `HandlerNotFound`, `HandlerCapabilityMissing`).
 */
class NonceVerificationSniff implements Sniff {

	/** Calls that verify a nonce. */
	private const NONCE_CHECKS = array( 'check_admin_referer', 'check_ajax_referer', 'wp_verify_nonce' );

	/** Superglobals that carry a form's input, and whether they need a capability check too. */
	private const INPUTS = array( '$_POST' => true, '$_REQUEST' => true, '$_FILES' => true, '$_GET' => false );

	/** @var array<string, true> Scopes already reported, by file and scope opener. */
	private $reported = array();

	/**
	 * @return array<int|string> The tokens this sniff looks at.
	 */
	public function register() {
		return array( T_VARIABLE, T_STRING );
	}

	/**
	 * @param File $file    The file being checked.
	 * @param int  $pointer A variable or a function name.
	 * @return void
	 */
	public function process( File $file, $pointer ) {
		$tokens = $file->getTokens();
		if ( T_STRING === $tokens[ $pointer ]['code'] ) {
			if ( 'add_action' === strtolower( $tokens[ $pointer ]['content'] ) ) {
				$this->check_hook( $file, $pointer );
			}
			return;
		}
		$name = $tokens[ $pointer ]['content'];
		if ( ! isset( self::INPUTS[ $name ] ) ) {
			return;
		}
		list( $start, $end ) = $this->scope_of( $file, $pointer );
		$key = $file->getFilename() . ':' . $start . ':' . $name;
		if ( isset( $this->reported[ $key ] ) ) {
			return;
		}
		$this->reported[ $key ] = true;
		if ( ! $this->calls( $file, $start, $end, self::NONCE_CHECKS ) ) {
			$file->addError( '%s is read without a nonce check (check_admin_referer(), check_ajax_referer() or wp_verify_nonce()) in the same function.', $pointer, self::INPUTS[ $name ] ? 'Missing' : 'Recommended', array( $name ) );
		}
		if ( self::INPUTS[ $name ] && ! $this->calls( $file, $start, $end, array( 'current_user_can' ) ) ) {
			$file->addError( '%s is processed without current_user_can() in the same function.', $pointer, 'CapabilityMissing', array( $name ) );
		}
	}

	/**
	 * Checks the callback of `add_action( 'admin_post_…' | 'wp_ajax_…', … )`.
	 *
	 * @param File $file    The file.
	 * @param int  $pointer The `add_action` name.
	 * @return void
	 */
	private function check_hook( File $file, $pointer ) {
		$tokens = $file->getTokens();
		$open   = $file->findNext( Tokens::$emptyTokens, $pointer + 1, null, true );
		if ( false === $open || T_OPEN_PARENTHESIS !== $tokens[ $open ]['code'] || ! isset( $tokens[ $open ]['parenthesis_closer'] ) ) {
			return;
		}
		$closer = $tokens[ $open ]['parenthesis_closer'];
		$hook   = $file->findNext( Tokens::$emptyTokens, $open + 1, $closer, true );
		if ( false === $hook || T_CONSTANT_ENCAPSED_STRING !== $tokens[ $hook ]['code']
			|| ! preg_match( '/^[\'"](admin_post_|wp_ajax_)/', $tokens[ $hook ]['content'] ) ) {
			return;
		}
		$comma    = $file->findNext( array( T_COMMA ), $hook + 1, $closer );
		$callback = false === $comma ? false : $this->callback_name( $file, $comma + 1, $closer );
		$function = false === $callback ? false : $this->find_function( $file, $callback );
		if ( false === $function ) {
			$file->addError( 'The handler of %s must be declared in this file, so that its nonce and capability checks can be seen.', $hook, 'HandlerNotFound', array( $tokens[ $hook ]['content'] ) );
			return;
		}
		$start = $tokens[ $function ]['scope_opener'];
		$end   = $tokens[ $function ]['scope_closer'];
		if ( ! $this->calls( $file, $start, $end, self::NONCE_CHECKS ) ) {
			$file->addError( 'The handler %s() of %s does not check a nonce (check_admin_referer(), check_ajax_referer() or wp_verify_nonce()).', $hook, 'HandlerMissing', array( $callback, $tokens[ $hook ]['content'] ) );
		}
		if ( ! $this->calls( $file, $start, $end, array( 'current_user_can' ) ) ) {
			$file->addError( 'The handler %s() of %s does not check current_user_can().', $hook, 'HandlerCapabilityMissing', array( $callback, $tokens[ $hook ]['content'] ) );
		}
	}

	/**
	 * The callback's function or method name: the last string literal of the argument.
	 *
	 * @param File $file  The file.
	 * @param int  $start First token of the callback argument.
	 * @param int  $end   The call's closing parenthesis.
	 * @return string|false
	 */
	private function callback_name( File $file, $start, $end ) {
		$tokens = $file->getTokens();
		$name   = false;
		for ( $index = $start; $index < $end; $index++ ) {
			if ( T_COMMA === $tokens[ $index ]['code'] && empty( $tokens[ $index ]['nested_parenthesis'] ) ) {
				break;
			}
			if ( T_CONSTANT_ENCAPSED_STRING === $tokens[ $index ]['code'] ) {
				$name = trim( $tokens[ $index ]['content'], '\'"' );
			}
		}
		return $name;
	}

	/**
	 * The `function` token declaring $name in this file.
	 *
	 * @param File   $file The file.
	 * @param string $name Function or method name.
	 * @return int|false
	 */
	private function find_function( File $file, $name ) {
		$function = $file->findNext( array( T_FUNCTION ), 0 );
		while ( false !== $function ) {
			if ( strtolower( (string) $file->getDeclarationName( $function ) ) === strtolower( $name ) && isset( $file->getTokens()[ $function ]['scope_opener'] ) ) {
				return $function;
			}
			$function = $file->findNext( array( T_FUNCTION ), $function + 1 );
		}
		return false;
	}

	/**
	 * The innermost function or closure around $pointer, else the whole file.
	 *
	 * @param File $file    The file.
	 * @param int  $pointer A token.
	 * @return array{0: int, 1: int} First and last token of the scope.
	 */
	private function scope_of( File $file, $pointer ) {
		$tokens = $file->getTokens();
		foreach ( array_reverse( $tokens[ $pointer ]['conditions'], true ) as $opener => $code ) {
			if ( in_array( $code, array( T_FUNCTION, T_CLOSURE ), true ) && isset( $tokens[ $opener ]['scope_closer'] ) ) {
				return array( $tokens[ $opener ]['scope_opener'], $tokens[ $opener ]['scope_closer'] );
			}
		}
		return array( 0, $file->numTokens - 1 );
	}

	/**
	 * Whether [$start, $end] calls one of $functions.
	 *
	 * @param File     $file      The file.
	 * @param int      $start     First token.
	 * @param int      $end       Last token.
	 * @param string[] $functions Function names.
	 * @return bool
	 */
	private function calls( File $file, $start, $end, array $functions ) {
		$tokens = $file->getTokens();
		for ( $index = $start; $index <= $end; $index++ ) {
			if ( T_STRING === $tokens[ $index ]['code'] && in_array( strtolower( $tokens[ $index ]['content'] ), $functions, true ) ) {
				return true;
			}
		}
		return false;
	}
}
