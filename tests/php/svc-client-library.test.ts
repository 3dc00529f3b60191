import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { canonicalJson, integrity } from '../../worker/src/library/canonical-json';
import { itemHash } from '../../worker/src/library/item-hash';
import { buildManifest } from '../../worker/src/library/manifest';

/**
 * svc-client's PHP checks agree with the hub's TypeScript hashing: a manifest and items built
 * with the worker's own functions (a real starter template, unicode, floats, empty objects)
 * pass in PHP, and every tampering is refused.
 */
const repoRoot = resolve(__dirname, '..', '..');
const hubUrl = 'http://127.0.0.1:8888';
const pack = JSON.parse(readFileSync(join(repoRoot, 'plugin/library/starter/pack.json'), 'utf8'));
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fc0"/></svg>');
const file = {
  hash: integrity(svg),
  length: svg.length,
  media_type: 'image/svg+xml',
  url: `${hubUrl}/wp-json/svc/v1/image-library/files/x.svg`,
};

function template() {
  const source = pack.templates[0];
  const item: Record<string, unknown> = {
    id: 'tpl_01JTESTTESTTESTTESTTESTTES',
    ...source,
    width: 1080,
    height: 1080,
    files: { 'preview.svg': file },
    version: 3,
  };
  item.hash = itemHash('template', item, { 'preview.svg': file.hash });
  return item;
}

function sample() {
  const item: Record<string, unknown> = {
    id: 'smp_01JTESTTESTTESTTESTTESTTES',
    slug: 'zitat-grusse',
    type: 'texts',
    title: 'Grüße — «quote» 😀',
    tags: [],
    data: { role: 'quote', text: 'Ünïcödé\u2028line, ratio 0.125, big 1e21', attribution: '', z: { b: 1, a: 2.5, é: {}, A: [] } },
    files: {},
  };
  item.hash = itemHash('sample', item, {});
  return item;
}

function runChecks(payload: unknown): { manifest: string; canonical: string; items: string[]; files: string[] } {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-case-')), 'case.json');
  writeFileSync(path, JSON.stringify(payload));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'check-library.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('svc-client library checks (PHP) against the hub hashing (TypeScript)', () => {
  const tpl = template();
  const smp = sample();
  const entry = (item: Record<string, unknown>, type?: string) => ({
    id: item.id,
    slug: item.slug,
    ...(type ? { type } : {}),
    hash: item.hash,
    version: 3,
    updated_at: '2026-11-24T00:00:00.000Z',
  });
  const manifest = buildManifest(42, new Date('2026-11-24T00:00:00Z'), {
    templates: [entry(tpl) as never],
    samples: [entry(smp, 'texts') as never],
    assets: [],
  });

  it('accepts what the hub sends and writes canonical JSON byte for byte as the hub does', () => {
    const verdicts = runChecks({
      hub_url: hubUrl,
      manifest,
      canonical_input: smp,
      items: [
        { kind: 'template', item: tpl, entry: entry(tpl) },
        { kind: 'sample', item: smp, entry: entry(smp, 'texts') },
      ],
      files: [{ file: { name: 'preview.svg', hash: file.hash, length: file.length }, bytes: svg.toString('base64') }],
    });
    expect(verdicts.canonical).toBe(canonicalJson(smp));
    expect(verdicts.manifest).toBe('');
    expect(verdicts.items).toEqual(['', '']);
    expect(verdicts.files).toEqual(['']);
  });

  it('refuses a tampered manifest, item, file, and a file from another origin', () => {
    const tamperedTemplate = { ...tpl, title: 'Spring sale!' };
    const foreignFile = { ...tpl, files: { 'preview.svg': { ...file, url: 'http://169.254.169.254/latest/x.svg' } } };
    const tamperedBytes = Buffer.from(svg.toString().replace('#fc0', '#f00'));
    const verdicts = runChecks({
      hub_url: hubUrl,
      manifest: { ...manifest, version: 43 },
      canonical_input: {},
      items: [
        { kind: 'template', item: tamperedTemplate, entry: entry(tpl) },
        { kind: 'template', item: foreignFile, entry: entry(tpl) },
        { kind: 'sample', item: smp, entry: { ...entry(smp, 'texts'), id: 'smp_01JOTHEROTHEROTHEROTHEROT' } },
      ],
      files: [
        { file: { name: 'preview.svg', hash: file.hash, length: file.length }, bytes: tamperedBytes.toString('base64') },
        { file: { name: 'preview.svg', hash: file.hash, length: file.length }, bytes: svg.subarray(0, 20).toString('base64') },
      ],
    });
    expect(verdicts.manifest).toBe('the manifest does not match its own hash');
    expect(verdicts.items[0]).toMatch(/does not match its hash/);
    expect(verdicts.items[1]).toMatch(/is not on the hub/);
    expect(verdicts.items[2]).toMatch(/not for smp_01JOTHER/);
    expect(verdicts.files[0]).toMatch(/does not match its hash/);
    expect(verdicts.files[1]).toMatch(/has 20 bytes/);
  });
});
