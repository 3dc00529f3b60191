<?php
/**
 * The hub's operations as Abilities (WordPress 6.9+), for agents and MCP.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers category `svc-hub` and its abilities on `wp_abilities_api_init`. Each runs the
 * hub's own admin route inside WordPress (rest_do_request, so the shell signs it for the
 * current user exactly as for the admin screen) and answers its JSON; an error answer
 * becomes a WP_Error with the route's code, message and status. Every ability needs
 * `manage_options`, to be run and to be seen: WordPress lists abilities to anyone who can
 * `read`, so for a REST request of the Abilities API by anyone else the hub's abilities and
 * category are unregistered before the endpoint runs (they then answer as names WordPress
 * does not know). Listed and run at `/wp-json/wp-abilities/v1/abilities`.
 */
final class Svc_Hub_Abilities {

	public const CATEGORY = 'svc-hub';

	/**
	 * Hooks the registration where WordPress has the Abilities API.
	 */
	public static function register(): void {
		if ( ! function_exists( 'wp_register_ability' ) ) {
			return;
		}
		add_action( 'wp_abilities_api_categories_init', array( self::class, 'register_category' ) );
		add_action( 'wp_abilities_api_init', array( self::class, 'register_abilities' ) );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'hide_from_non_administrators' ), 0, 3 );
	}

	/**
	 * `rest_request_before_callbacks` filter: before an Abilities API endpoint runs for a user
	 * without `manage_options`, the hub's abilities and category are unregistered, so the list,
	 * its totals and pages, a single ability and a run all answer as if they did not exist.
	 *
	 * @param mixed           $response Result so far.
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public static function hide_from_non_administrators( $response, $handler, $request ) {
		if ( ! $request instanceof WP_REST_Request || 0 !== stripos( $request->get_route(), '/wp-abilities/' ) || current_user_can( 'manage_options' ) ) {
			return $response;
		}
		foreach ( array_keys( Svc_Hub_Ability_Definitions::all() ) as $name ) {
			if ( wp_has_ability( $name ) ) {
				wp_unregister_ability( $name );
			}
		}
		if ( function_exists( 'wp_has_ability_category' ) && wp_has_ability_category( self::CATEGORY ) ) {
			wp_unregister_ability_category( self::CATEGORY );
		}
		return $response;
	}

	/**
	 * The `svc-hub` category.
	 */
	public static function register_category(): void {
		wp_register_ability_category(
			self::CATEGORY,
			array(
				'label'       => __( 'svc-hub', 'svc-hub' ),
				'description' => __( 'The LLM router, commerce and licences of this hub.', 'svc-hub' ),
			)
		);
	}

	/**
	 * Every ability of Svc_Hub_Ability_Definitions.
	 */
	public static function register_abilities(): void {
		foreach ( Svc_Hub_Ability_Definitions::all() as $name => $definition ) {
			wp_register_ability(
				$name,
				array(
					'label'               => $definition['label'],
					'description'         => $definition['description'],
					'category'            => self::CATEGORY,
					'input_schema'        => $definition['input'],
					'output_schema'       => $definition['output'],
					'execute_callback'    => static fn( $input = null ) => self::run( $definition['route'], is_array( $input ) ? $input : array() ),
					'permission_callback' => static fn() => current_user_can( 'manage_options' ),
					'meta'                => array(
						'annotations'  => $definition['annotations'],
						'show_in_rest' => true,
						'mcp'          => array( 'public' => true ),
					),
				)
			);
		}
	}

	/**
	 * Runs one hub route with the ability's input.
	 *
	 * @param callable             $route Input → [method, route, query, body].
	 * @param array<string, mixed> $input The validated input.
	 * @return mixed|WP_Error
	 */
	private static function run( callable $route, array $input ) {
		list( $method, $path, $query, $body ) = $route( $input );
		$request                          = new WP_REST_Request( $method, $path );
		$request->set_query_params( $query );
		if ( null !== $body ) {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( (string) wp_json_encode( $body ) );
		}
		$response = rest_do_request( $request );
		$data     = $response->get_data();
		if ( $response->get_status() >= 400 ) {
			$code    = is_array( $data ) && is_string( $data['code'] ?? null ) ? $data['code'] : 'svc_hub_error';
			$message = is_array( $data ) && is_string( $data['message'] ?? null ) ? $data['message'] : __( 'The hub could not do this.', 'svc-hub' );
			return new WP_Error( $code, $message, array( 'status' => $response->get_status() ) );
		}
		return $data;
	}
}
