import { call } from './lanes';
import { shellHeaders } from './signed-request';

/** The hub's admin namespace, which the admin screen calls through the shell. */
export const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin route called as the shell calls it (signed), straight to the worker. */
export function hubAdmin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...shellHeaders({ method, path: ADMIN + path, body: text }),
  };
  return call('direct', ADMIN + path, { method, headers, body: body === undefined ? undefined : text });
}

/** A release uploaded as the admin screen sends it (multipart: the fields and the zip as `file`), signed as the shell signs it. */
export async function uploadRelease(fields: Record<string, string>, zip: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'release.zip');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const headers = {
    'Content-Type': request.headers.get('content-type')!,
    ...shellHeaders({ method: 'POST', path: `${ADMIN}/releases`, body }),
  };
  return call('direct', `${ADMIN}/releases`, { method: 'POST', headers, body });
}
