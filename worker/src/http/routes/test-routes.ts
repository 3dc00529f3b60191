import { testStreamHandlers } from '../handlers/test-routes';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { test } = NAMESPACES;
const open = { auth: 'public', area: 'test', testOnly: true } as const;

/** /wp-json/svc-hub-test/v1: registered only on the test stack (SVC_TEST_ROUTES=on; the shell: its mu-plugin). */
export const TEST_ROUTES: RouteRow[] = [
  { id: 'test.stream', method: 'GET', path: `${test}/stream`, ...open, mayStream: true, handler: (w) => w.once(testStreamHandlers).stream },
  { id: 'test.stream-status', method: 'GET', path: `${test}/stream-status`, ...open, handler: (w) => w.once(testStreamHandlers).status },
  { id: 'test.ack', method: 'POST', path: `${test}/ack`, ...open, json: false, handler: (w) => w.once(testStreamHandlers).acknowledge },
];
