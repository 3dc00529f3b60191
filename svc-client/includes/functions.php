<?php
/**
 * The functions other plugins call.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether this site's licence switches a feature on now (e.g. `module.seo`). On a site activated
 * with a licence key the answer comes from the hub's signed licence document only, verified
 * against the public key pinned at activation: the feature is in it, its status is active, and
 * now is before its expiry and its grace end (docs/architecture.md §12).
 *
 * @param string $feature Feature name as the hub's packages list it.
 * @return bool
 */
function svc_client_has_feature( string $feature ): bool {
	return in_array( $feature, Svc_Client_License::features(), true );
}

/**
 * Every feature switched on now, sorted.
 *
 * @return string[]
 */
function svc_client_features(): array {
	return Svc_Client_License::features();
}

/**
 * This site's AI allowance and credits, as the hub last said (the session check, hourly, and
 * the hub's pushed summaries), or null while the hub has sent none. Money is USD (`currency`)
 * as decimal strings with always 8 places, exact: test equality as strings, order them with
 * bccomp(), never as floats.
 *
 * - `allowance` — the allowance's amount for its `period` (month, year, term or total), null
 *   when the site has none (credits only);
 * - `used`, `remaining` — of the allowance (remaining never below 0), null without one;
 * - `credits` — the prepaid balance, drawn after the allowance;
 * - `resets_at` — when the allowance renews (ISO 8601), null when it does not;
 * - `updated_at` — when this site received the figures (ISO 8601, UTC).
 *
 * The action `svc_client_ai_balance_changed( $balance, $previous )` runs when they change.
 *
 * @return array{currency: string, allowance: string|null, period: string|null, used: string|null, remaining: string|null, credits: string, resets_at: string|null, updated_at: string}|null
 */
function svc_client_ai_balance(): ?array {
	return Svc_Client_Ai_Balance::current();
}

/**
 * Renders a template of the mirrored library through the hub and saves the image to the media
 * library (docs/architecture.md §13). The hub renders exactly the version this site holds
 * (its hash goes as `version`); sync the library first when the hub has a newer one.
 *
 * @param string               $template A mirrored template's id (`tpl_…`) or slug.
 * @param array<string, mixed> $fields   Values for the template's fields, by name (a field not given takes its default).
 * @param array<string, mixed> $args     `format` (png, webp, jpeg, svg; png), `width`, `height`, `title`, `alt`, `post_parent`.
 * @return int|WP_Error The attachment id, or the hub's refusal (its code, message and `data.status`, `data.params`).
 */
function svc_client_render_template( string $template, array $fields = array(), array $args = array() ) {
	return Svc_Client_Template_Render::render( $template, $fields, $args );
}

/**
 * Activates this site at the hub with a licence key (docs/architecture.md §12): the hub issues
 * the site's API key and webhook secret, stored sealed; its public key is pinned and the
 * licence is checked at once.
 *
 * @param string $license_key The licence key from the order.
 * @return array<string, mixed>|WP_Error The hub's answer (activation_id, site_url, staging, license, public_key; no secrets), or its refusal in its own words (`data.status`; 409 `data.sites`, 429 `data.retry_after`).
 */
function svc_client_activate( string $license_key ) {
	return Svc_Client_Activation::activate( $license_key );
}

/**
 * Deactivates this site at the hub (its seat is freed), then forgets key, secret, licence and
 * licence document.
 *
 * @return true|WP_Error
 */
function svc_client_deactivate() {
	return Svc_Client_Activation::deactivate();
}
