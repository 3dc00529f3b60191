// The image library's figures (issue 5): p50 of the template list and of a 304 manifest answer,
// through WordPress and on the direct lane, beside WordPress's own GET /wp-json/, all called in
// turn (interleaved) so they see the same machine conditions.
import { interleave } from './measure.mjs';

const LIST = '/wp-json/svc/v1/image-templates';
const MANIFEST = '/wp-json/svc/v1/image-library/manifest';

async function expectStatus(url, init, status) {
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  if (response.status !== status) throw new Error(`${url} answered ${response.status}, expected ${status}`);
  return { response, bytes: body.byteLength };
}

export async function libraryLatency(stack, { samples, warmup }) {
  const manifest = await fetch(`${stack.workerUrl}${MANIFEST}`);
  const body = await manifest.json();
  const etag = manifest.headers.get('etag');
  if (!etag || etag !== `"${body.hash}"`) throw new Error(`the manifest's ETag ${etag} is not its hash`);
  const conditional = { headers: { 'If-None-Match': etag } };
  const list = await expectStatus(`${stack.wordpressUrl}${LIST}`, {}, 200);
  for (const base of [stack.wordpressUrl, stack.workerUrl]) {
    await expectStatus(`${base}${LIST}`, {}, 200);
    await expectStatus(`${base}${MANIFEST}`, conditional, 304);
  }
  const targets = [
    { id: 'baseline', name: 'WordPress `GET /wp-json/` (baseline)', url: `${stack.wordpressUrl}/wp-json/` },
    { id: 'wordpressList', name: 'WordPress lane `GET /wp-json/svc/v1/image-templates`', url: `${stack.wordpressUrl}${LIST}` },
    { id: 'directList', name: 'direct lane `GET /wp-json/svc/v1/image-templates`', url: `${stack.workerUrl}${LIST}` },
    {
      id: 'wordpress304',
      name: 'WordPress lane manifest, `If-None-Match` → 304',
      url: `${stack.wordpressUrl}${MANIFEST}`,
      init: conditional,
    },
    { id: 'direct304', name: 'direct lane manifest, `If-None-Match` → 304', url: `${stack.workerUrl}${MANIFEST}`, init: conditional },
    { id: 'direct200', name: 'direct lane manifest, 200 (whole manifest)', url: `${stack.workerUrl}${MANIFEST}` },
  ];
  const rows = await interleave(targets, { samples, warmup });
  return {
    rows: rows.map((row, index) => ({ ...row, id: targets[index].id })),
    templates: Number(list.response.headers.get('x-wp-total')),
    listBytes: list.bytes,
    manifestBytes: JSON.stringify(body).length,
    version: body.version,
  };
}
