import { NAMESPACES, WORDPRESS_NAMESPACES, type NamespaceName } from './namespaces';
import { METHODS, type AuthKind, type Method, type RouteRow } from './route';

/** One route as the tests read it (plugin/build/routes.json): the row without its handler. */
export interface ManifestRoute {
  id: string;
  method: Method;
  path: string;
  auth: AuthKind;
  features: string[];
  adminScope: boolean;
  mayStream: boolean;
  servedBy: 'worker' | 'shell';
  testOnly: boolean;
  keyHeaders?: string[];
}

/** One route WordPress registers (plugin/build/routes.php, read by Svc_Hub_Route_Table). */
export interface ShellRow {
  namespace: string;
  /** WordPress regex form: `/orders/(?P<id>[^/]+)`. */
  route: string;
  methods: string;
  auth: AuthKind;
  may_stream: boolean;
  test_only: boolean;
  /** Headers besides Authorization that carry the key: the shell signs and forwards them as Authorization (route.ts keyHeaders). */
  key_headers?: string[];
}

export interface RouteManifest {
  routes: ManifestRoute[];
  shell: ShellRow[];
}

function namespaceOf(path: string): NamespaceName | null {
  const names = Object.keys(NAMESPACES) as NamespaceName[];
  return names.find((name) => path.startsWith(`${NAMESPACES[name]}/`)) ?? null;
}

/** `/wp-json/svc/v1/image-templates/:id` → `/image-templates/(?P<id>[^/]+)` inside `svc/v1`. */
function wordPressRoute(path: string, namespace: string): string {
  return path
    .slice(`/wp-json/${namespace}`.length)
    .replace(/:(\w+)/g, '(?P<$1>[^/]+)')
    .replace(/\*(\w+)/g, '(?P<$1>.+)');
}

/** The catch-all of a namespace WordPress registers as one route: `/admin/(?P<path>.+)`. */
function catchAll(name: NamespaceName, auth: AuthKind): ShellRow {
  const { namespace } = WORDPRESS_NAMESPACES[name];
  return {
    namespace,
    route: `${wordPressRoute(NAMESPACES[name], namespace)}/(?P<path>.+)`,
    methods: METHODS.join(','),
    auth,
    may_stream: false,
    test_only: false,
  };
}

function shellRows(rows: RouteRow[]): ShellRow[] {
  const shell: ShellRow[] = [];
  const closed: ShellRow[] = [];
  const add = (row: ShellRow) => {
    const same = shell.find(
      (item) =>
        item.namespace === row.namespace &&
        item.route === row.route &&
        item.auth === row.auth &&
        item.may_stream === row.may_stream &&
        String(item.key_headers) === String(row.key_headers),
    );
    if (same) same.methods += `,${row.methods}`;
    else shell.push(row);
  };
  for (const row of rows) {
    const name = namespaceOf(row.path);
    if (name === null) continue;
    const { namespace, registration } = WORDPRESS_NAMESPACES[name];
    const ownRow = registration === 'each row' || (registration === 'shell rows, then closed' && row.servedBy === 'shell');
    if (ownRow)
      add({
        namespace,
        route: wordPressRoute(row.path, namespace),
        methods: row.method,
        auth: row.auth,
        may_stream: Boolean(row.mayStream),
        test_only: Boolean(row.testOnly),
        ...(row.keyHeaders ? { key_headers: row.keyHeaders } : {}),
      });
    if (registration === 'pass-through' && !shell.some((item) => item.auth === row.auth && item.route.endsWith('(?P<path>.+)')))
      shell.push(catchAll(name, row.auth));
    if (registration === 'shell rows, then closed' && closed.length === 0) closed.push(catchAll(name, row.auth));
  }
  // A catch-all answered by the shell goes last: the shell's own rows are matched first.
  return [...shell, ...closed];
}

/** The manifest the build ships in the plugin (scripts/write-route-manifest.mjs). */
export function routeManifest(rows: RouteRow[]): RouteManifest {
  const ids = new Set<string>();
  for (const row of rows) {
    if (ids.has(row.id)) throw new Error(`two routes have the id ${row.id}`);
    ids.add(row.id);
  }
  return {
    routes: rows.map((row) => ({
      id: row.id,
      method: row.method,
      path: row.path,
      auth: row.auth,
      features: row.features ?? [],
      adminScope: Boolean(row.adminScope),
      mayStream: Boolean(row.mayStream),
      servedBy: row.servedBy ?? 'worker',
      testOnly: Boolean(row.testOnly),
      ...(row.keyHeaders ? { keyHeaders: row.keyHeaders } : {}),
    })),
    shell: shellRows(rows),
  };
}
