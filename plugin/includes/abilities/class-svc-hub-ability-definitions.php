<?php
/**
 * What each of the hub's abilities takes, answers and runs.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The abilities: name → label, description, input and output JSON Schemas, annotations, and
 * the hub route each one runs (input → [method, route, query, body]).
 */
final class Svc_Hub_Ability_Definitions {

	/** Annotations of an ability that changes nothing. */
	private const READ_ONLY = array(
		'readonly'    => true,
		'destructive' => false,
		'idempotent'  => true,
	);

	/**
	 * Every ability.
	 *
	 * @return array<string, array{label: string, description: string, input: array<string, mixed>, output: array<string, mixed>, annotations: array<string, bool>, route: callable}>
	 */
	public static function all(): array {
		$list  = array(
			'type'       => 'object',
			'properties' => array(
				'object' => array( 'type' => 'string' ),
				'data'   => array( 'type' => 'array' ),
			),
		);
		$admin = '/svc-hub/v1/admin/';
		return array(
			'svc-hub/usage-report'    => array(
				'label'       => __( 'Usage report', 'svc-hub' ),
				'description' => __( 'Calls, tokens and cost of the LLM router, grouped by day, key, team, campaign or model, over a period (the last 30 days by default).', 'svc-hub' ),
				'input'       => self::object(
					array(
						'group_by' => array(
							'type'    => 'string',
							'enum'    => array( 'day', 'key', 'team', 'campaign', 'model' ),
							'default' => 'day',
						),
						'split_by' => array(
							'type' => 'string',
							'enum' => array( 'day', 'key', 'team', 'campaign', 'model' ),
						),
						'from'     => array(
							'type'   => 'string',
							'format' => 'date-time',
						),
						'to'       => array(
							'type'   => 'string',
							'format' => 'date-time',
						),
					)
				),
				'output'      => $list,
				'annotations' => self::READ_ONLY,
				'route'       => static fn( array $input ) => array( 'GET', $admin . 'usage', self::strings( $input ), null ),
			),
			'svc-hub/list-orders'     => array(
				'label'       => __( 'List orders', 'svc-hub' ),
				'description' => __( 'Orders of packages, newest first, optionally of one client site or in one status.', 'svc-hub' ),
				'input'       => self::object(
					array(
						'status'   => array(
							'type' => 'string',
							'enum' => array( 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded' ),
						),
						'site_url' => array(
							'type'   => 'string',
							'format' => 'uri',
						),
						'page'     => array(
							'type'    => 'integer',
							'minimum' => 1,
							'default' => 1,
						),
						'per_page' => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => 100,
							'default' => 20,
						),
					)
				),
				'output'      => $list,
				'annotations' => self::READ_ONLY,
				'route'       => static fn( array $input ) => array( 'GET', $admin . 'orders', self::strings( $input ), null ),
			),
			'svc-hub/get-order'       => array(
				'label'       => __( 'Get an order', 'svc-hub' ),
				'description' => __( 'One order with its payment events and the entitlement it switched.', 'svc-hub' ),
				'input'       => self::object(
					array(
						'id' => array(
							'type'    => 'string',
							'pattern' => '^ord_[0-9A-Z]{26}$',
						),
					),
					array( 'id' )
				),
				'output'      => array( 'type' => 'object' ),
				'annotations' => self::READ_ONLY,
				'route'       => static fn( array $input ) => array( 'GET', $admin . 'orders/' . rawurlencode( (string) $input['id'] ), array(), null ),
			),
			'svc-hub/list-licenses'   => array(
				'label'       => __( 'List licences', 'svc-hub' ),
				'description' => __( 'Licence keys paid orders gave buyers, newest first: status, expiry, seats used of the package\'s limit and the sites each activated (staging sites take no seat).', 'svc-hub' ),
				'input'       => self::object(
					array(
						'page'     => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'per_page' => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => 100,
							'default' => 20,
						),
					)
				),
				'output'      => $list,
				'annotations' => self::READ_ONLY,
				'route'       => static fn( array $input ) => array( 'GET', $admin . 'licenses', self::strings( $input ), null ),
			),
			'svc-hub/deactivate-site' => array(
				'label'       => __( 'Deactivate a licensed site', 'svc-hub' ),
				'description' => __( 'Ends one activation of a licence: the seat is free, the site\'s API key and its entitlement from the licence are revoked, and the site hears of it.', 'svc-hub' ),
				'input'       => self::object(
					array(
						'activation_id' => array(
							'type'    => 'string',
							'pattern' => '^act_[0-9A-Z]{26}$',
						),
					),
					array( 'activation_id' )
				),
				'output'      => array( 'type' => 'object' ),
				'annotations' => array(
					'readonly'    => false,
					'destructive' => true,
					'idempotent'  => true,
				),
				'route'       => static fn( array $input ) => array( 'POST', $admin . 'activations/' . rawurlencode( (string) $input['activation_id'] ) . '/deactivate', array(), null ),
			),
			'svc-hub/set-entitlement' => array(
				'label'       => __( 'Set an entitlement', 'svc-hub' ),
				'description' => __( 'Changes a client site\'s entitlement — the one named by entitlement_id, else its only one that is not revoked (package_id narrows it) — its status (active, suspended, revoked…), its expiry, or both, with a reason kept in the history. The site hears of it at once.', 'svc-hub' ),
				'input'       => self::object(
					array(
						'site_url'       => array(
							'type'   => 'string',
							'format' => 'uri',
						),
						'entitlement_id' => array(
							'type'    => 'string',
							'pattern' => '^ent_[0-9A-Z]{26}$',
						),
						'package_id'     => array( 'type' => array( 'string', 'null' ) ),
						'status'         => array(
							'type' => 'string',
							'enum' => array( 'active', 'suspended', 'expired', 'revoked', 'inactive' ),
						),
						'expires_at'     => array( 'type' => array( 'string', 'null' ) ),
						'reason'         => array(
							'type'      => 'string',
							'minLength' => 1,
							'maxLength' => 500,
						),
					),
					array( 'site_url', 'reason' )
				),
				'output'      => array( 'type' => 'object' ),
				'annotations' => array(
					'readonly'    => false,
					'destructive' => true,
					'idempotent'  => true,
				),
				'route'       => static fn( array $input ) => array( 'POST', $admin . 'entitlements/status', array(), $input ),
			),
			'svc-hub/chat'            => array(
				'label'       => __( 'Chat', 'svc-hub' ),
				'description' => __( 'Asks a model through the LLM router — a model id or a purpose, with its fallbacks — and answers the chat completion. Billed to the site administrator (wp-user:<id>) in the usage report.', 'svc-hub' ),
				'input'       => self::object(
					array(
						'prompt'     => array(
							'type'      => 'string',
							'minLength' => 1,
							'maxLength' => 100000,
						),
						'system'     => array(
							'type'      => 'string',
							'maxLength' => 100000,
						),
						'model'      => array( 'type' => 'string' ),
						'purpose'    => array( 'type' => 'string' ),
						'max_tokens' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'team'       => array(
							'type'      => 'string',
							'maxLength' => 190,
						),
						'campaign'   => array(
							'type'      => 'string',
							'maxLength' => 190,
						),
					),
					array( 'prompt' )
				),
				'output'      => array( 'type' => 'object' ),
				'annotations' => array(
					'readonly'    => false,
					'destructive' => false,
					'idempotent'  => false,
				),
				'route'       => static fn( array $input ) => array( 'POST', $admin . 'chat', array(), self::chat_body( $input ) ),
			),
			'svc-hub/list-models'     => array(
				'label'       => __( 'List models', 'svc-hub' ),
				'description' => __( 'The models the LLM router knows, with capabilities, prices and whether their provider is configured.', 'svc-hub' ),
				'input'       => self::object( array() ),
				'output'      => $list,
				'annotations' => self::READ_ONLY,
				'route'       => static fn( array $input ) => array( 'GET', $admin . 'models', array(), null ),
			),
		);
	}

	/**
	 * A JSON Schema object that takes only the given properties.
	 *
	 * @param array<string, mixed> $properties Properties.
	 * @param string[]             $required   Required names.
	 * @return array<string, mixed>
	 */
	private static function object( array $properties, array $required = array() ): array {
		$schema = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'default'              => array(),
		);
		if ( array() !== $properties ) {
			$schema['properties'] = $properties;
		}
		if ( array() !== $required ) {
			$schema['required'] = $required;
			unset( $schema['default'] );
		}
		return $schema;
	}

	/**
	 * The admin chat route's body from the chat ability's input: the system text and the prompt
	 * as messages, model or purpose (the router refuses neither with its own 400), the length
	 * limit, and team and campaign as metadata.
	 *
	 * @param array<string, mixed> $input The input.
	 * @return array<string, mixed>
	 */
	private static function chat_body( array $input ): array {
		$messages = array();
		if ( isset( $input['system'] ) && '' !== $input['system'] ) {
			$messages[] = array(
				'role'    => 'system',
				'content' => (string) $input['system'],
			);
		}
		$messages[] = array(
			'role'    => 'user',
			'content' => (string) $input['prompt'],
		);
		$body     = array_intersect_key( $input, array_flip( array( 'model', 'purpose', 'max_tokens' ) ) );
		$metadata = array_intersect_key( $input, array_flip( array( 'team', 'campaign' ) ) );
		if ( array() !== $metadata ) {
			$body['metadata'] = $metadata;
		}
		return array( 'messages' => $messages ) + $body;
	}

	/**
	 * Query parameters from an input: scalars as strings.
	 *
	 * @param array<string, mixed> $input The input.
	 * @return array<string, string>
	 */
	private static function strings( array $input ): array {
		return array_map( static fn( $value ) => is_bool( $value ) ? ( $value ? 'true' : 'false' ) : (string) $value, array_filter( $input, 'is_scalar' ) );
	}
}
