import type { Fixture } from '../fixture';
import { validBody, validTarget, type HostileCase } from '../hostile-case';
import { ATTACKED_ROUTES, HOSTILE_ROUTES, type HostileRoute } from '../route-table';
import { WAYS, type HostileAnswer, type Way } from '../ways';

/**
 * Reaching across keys and sites: another key's order, another site's entitlement, an admin
 * change or a purchase for another site with a client key, and every admin route with a
 * client or admin-scope API key instead of a wp-admin session / the shell's signature.
 */
const route = (method: string, path: string) => HOSTILE_ROUTES.find((item) => item.method === method && item.path === path)!;
const ORDER = route('GET', '/wp-json/svc-commerce/v1/orders/:id');
const ENTITLEMENT = route('GET', '/wp-json/svc-license/v1/entitlement');
const PATCH_ENTITLEMENT = route('PATCH', '/wp-json/svc-license/v1/entitlement');
const CHECKOUT = route('POST', '/wp-json/svc-commerce/v1/checkout');
const ACTIVATE = route('POST', '/wp-json/svc-license/v1/activations');
const DEACTIVATE = route('DELETE', '/wp-json/svc-license/v1/activations/:id');

const bearer = (key: string, body?: string) => ({
  Authorization: `Bearer ${key}`,
  ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
});
const mentions = (text: string, fixture: Fixture) => (answers: HostileAnswer[]) =>
  answers
    .filter((answer) => answer.text.includes(text))
    .map((answer) => `the answer names ${fixture.clientA.siteUrl === text ? "A's site" : text}: ${answer.text.slice(0, 200)}`);

function idorCase(
  way: Way,
  attack: string,
  target: HostileRoute,
  statuses: number[],
  build: HostileCase['requests'],
  check?: HostileCase['check'],
): HostileCase {
  return { family: 'idor', attack, route: target, way, statuses, requests: build, check };
}

export function idorCases(ways: Way[] = WAYS): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const way of ways) {
    cases.push(
      idorCase(way, "another key's order", ORDER, [404], (f) => [
        { method: 'GET', target: `/wp-json/svc-commerce/v1/orders/${f.orderOfA}`, headers: bearer(f.clientB.key) },
        { method: 'GET', target: `/wp-json/svc-commerce/v1/orders/${f.orderOfA.toLowerCase()}`, headers: bearer(f.clientB.key) },
        { method: 'GET', target: `/wp-json/svc-commerce/v1/orders/${f.orderOfA}%20`, headers: bearer(f.clientB.key) },
      ]),
    );
    cases.push({
      ...idorCase(way, "another site's entitlement (?site_url=)", ENTITLEMENT, [200, 400, 403, 404], (f) => [
        {
          method: 'GET',
          target: `/wp-json/svc-license/v1/entitlement?site_url=${encodeURIComponent(f.clientA.siteUrl)}`,
          headers: bearer(f.clientB.key),
        },
        {
          method: 'GET',
          target: `/wp-json/svc-license/v1/entitlement?site_url=${encodeURIComponent(f.clientA.siteUrl.toUpperCase() + '/')}`,
          headers: bearer(f.clientB.key),
        },
      ]),
      check: (answers, f) => mentions(f.clientA.siteUrl, f)(answers),
    });
    cases.push(
      idorCase(way, 'an entitlement change for another site with a client key', PATCH_ENTITLEMENT, [401, 403], (f) => {
        const body = JSON.stringify({ site_url: f.clientA.siteUrl, status: 'suspended', reason: 'hostile' });
        return [{ method: 'PATCH', target: '/wp-json/svc-license/v1/entitlement', body, headers: bearer(f.clientB.key, body) }];
      }),
    );
    cases.push(
      idorCase(way, "another site's entitlement by entitlement_id, with an admin key", PATCH_ENTITLEMENT, [404], (f) => {
        const body = JSON.stringify({
          site_url: f.clientB.siteUrl,
          entitlement_id: f.entitlementOfA,
          status: 'suspended',
          reason: 'hostile',
        });
        return [{ method: 'PATCH', target: '/wp-json/svc-license/v1/entitlement', body, headers: bearer(f.adminKey.key, body) }];
      }),
    );
    cases.push(
      idorCase(way, 'a purchase for another site with a client key', CHECKOUT, [400, 403], (f) => {
        const body = JSON.stringify({ package_id: f.packageId, site_url: f.clientA.siteUrl });
        return [{ method: 'POST', target: '/wp-json/svc-commerce/v1/checkout', body, headers: bearer(f.clientB.key, body) }];
      }),
    );
    // Guessed licence keys (well-formed, look-alike spellings, none real): the one generic 404, or 429 once the address floods.
    cases.push(
      idorCase(way, 'guessed licence keys', ACTIVATE, [404, 429], (f) =>
        ['SVC-0000-0000-0000-0000-0000-0000', 'svc-oooo-iiii-llll-0000-0000-0000', 'SVC-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ'].map((key) => {
          const body = JSON.stringify({ license_key: key, site_url: f.clientB.siteUrl });
          return { method: 'POST', target: '/wp-json/svc-license/v1/activations', body, headers: { 'Content-Type': 'application/json' } };
        }),
      ),
    );
    cases.push(
      idorCase(way, 'a client key deactivating an activation that is not its own', DEACTIVATE, [404], (f) => [
        { method: 'DELETE', target: '/wp-json/svc-license/v1/activations/act_01JAAAAAAAAAAAAAAAAAAAAAAA', headers: bearer(f.clientB.key) },
        { method: 'DELETE', target: '/wp-json/svc-license/v1/activations/ACT_01JAAAAAAAAAAAAAAAAAAAAAAA', headers: bearer(f.clientB.key) },
      ]),
    );
  }
  for (const admin of ATTACKED_ROUTES.filter((item) => item.auth === 'admin' || item.auth === 'internal')) {
    for (const way of ways) {
      cases.push(
        idorCase(way, 'a client key on an admin or internal route', admin, [401, 403, 404], (f) => {
          const body = validBody(admin, f);
          return [{ method: admin.method, target: validTarget(admin, f), body, headers: bearer(f.clientA.key, body) }];
        }),
      );
      cases.push(
        idorCase(way, 'an admin-scope API key on an admin or internal route', admin, [401, 403, 404], (f) => {
          const body = validBody(admin, f);
          return [{ method: admin.method, target: validTarget(admin, f), body, headers: bearer(f.adminKey.key, body) }];
        }),
      );
    }
  }
  return cases;
}
