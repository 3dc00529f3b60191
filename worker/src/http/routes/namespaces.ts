/** The worker's path prefix of each namespace; the rows of one namespace live in its own file. */
export const NAMESPACES = {
  router: '/wp-json/llm/router/v1',
  commerce: '/wp-json/svc-commerce/v1',
  license: '/wp-json/svc-license/v1',
  library: '/wp-json/svc/v1',
  admin: '/wp-json/svc-hub/v1/admin',
  internal: '/wp-json/svc-hub/v1/internal',
  test: '/wp-json/svc-hub-test/v1',
} as const;

export type NamespaceName = keyof typeof NAMESPACES;

/**
 * How WordPress registers a namespace (the shell's table, written by the build into the
 * plugin's route manifest, manifest.ts):
 * - `each row`: one WordPress route per row, forwarded;
 * - `pass-through`: one catch-all forwarded after the admin check, so the worker answers every
 *   admin path itself (404/405 included) and an admin route needs no shell change;
 * - `shell rows, then closed`: the rows the shell answers itself, then a catch-all it answers
 *   too: a signed internal call is never forwarded (the worker trusts what the shell signs);
 *
 * Test-only rows are written with `test_only`: WordPress keeps them only on the test stack
 * (its mu-plugin turns on the `svc_hub_test_routes` filter).
 */
export type Registration = 'each row' | 'pass-through' | 'shell rows, then closed';

export interface WordPressNamespace {
  /** WordPress REST namespace, e.g. `svc-hub/v1`. */
  namespace: string;
  registration: Registration;
}

export const WORDPRESS_NAMESPACES: Record<NamespaceName, WordPressNamespace> = {
  router: { namespace: 'llm/router/v1', registration: 'each row' },
  commerce: { namespace: 'svc-commerce/v1', registration: 'each row' },
  license: { namespace: 'svc-license/v1', registration: 'each row' },
  library: { namespace: 'svc/v1', registration: 'each row' },
  admin: { namespace: 'svc-hub/v1', registration: 'pass-through' },
  internal: { namespace: 'svc-hub/v1', registration: 'shell rows, then closed' },
  test: { namespace: 'svc-hub-test/v1', registration: 'each row' },
};
