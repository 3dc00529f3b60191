<?php
/**
 * WooCommerce stand-in: WC_Product (includes/abstracts/abstract-wc-product.php), minimal.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A simple, virtual product from the stand-in's fixed catalogue.
 */
class WC_Product {

	/** The catalogue: id => [name, price]. */
	public const CATALOGUE = array(
		77 => array( 'svc-hub test package', '49.00' ),
		78 => array( 'svc-hub test add-on', '19.00' ),
	);

	/** @var int */
	protected $id;

	/** @var string */
	protected $name;

	/** @var string */
	protected $price;

	/**
	 * @param int    $id    Product id.
	 * @param string $name  Name.
	 * @param string $price Price, decimal string.
	 */
	public function __construct( $id = 0, $name = '', $price = '' ) {
		$this->id    = (int) $id;
		$this->name  = (string) $name;
		$this->price = (string) $price;
	}

	/**
	 * The catalogue's product with this id, or false.
	 *
	 * @param int $id Product id.
	 * @return WC_Product|false
	 */
	public static function find( int $id ) {
		return isset( self::CATALOGUE[ $id ] ) ? new self( $id, self::CATALOGUE[ $id ][0], self::CATALOGUE[ $id ][1] ) : false;
	}

	/** @return int */
	public function get_id() {
		return $this->id;
	}

	/**
	 * @param string $context view or edit.
	 * @return string
	 */
	public function get_name( $context = 'view' ) {
		return $this->name;
	}

	/**
	 * @param string $context view or edit.
	 * @return string
	 */
	public function get_price( $context = 'view' ) {
		return $this->price;
	}

	/** @return int */
	public function get_parent_id() {
		return 0;
	}

	/**
	 * @param string|array $type Type(s).
	 * @return bool
	 */
	public function is_type( $type ) {
		return in_array( 'simple', (array) $type, true );
	}

	/** @return bool */
	public function is_virtual() {
		return true;
	}

	/** @return bool */
	public function is_purchasable() {
		return '' !== $this->price;
	}
}
