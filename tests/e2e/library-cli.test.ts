import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowDataPacket } from 'mysql2/promise';
import { migrate } from '../../worker/src/db/migrate';
import { createDatabase, type Database } from '../../worker/src/db/connections';
import { Library } from '../../worker/src/library/library';
import type { Manifest } from '../../worker/src/library/manifest';
import { silentLogger } from '../../worker/src/support/logger';
import { hub } from '../support/hub-cli';
import { call } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';

/** The library's operator CLI, the starter loading rules, concurrent changes and the export round trip. */
function database(prefix?: string): Database {
  const env = stack().workerEnv;
  return createDatabase({
    host: env.SVC_DB_HOST!,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER!,
    password: env.SVC_DB_PASSWORD ?? '',
    name: env.SVC_DB_NAME!,
    prefix: prefix ?? env.SVC_DB_PREFIX ?? 'wp_',
  });
}
async function dropTables(db: Database, prefix: string): Promise<void> {
  const [tables] = await db.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [`${prefix}svc_%`]);
  for (const table of tables) await db.pool.query(`DROP TABLE \`${Object.values(table)[0]}\``);
}
const manifest = async (): Promise<Manifest> => (await call('direct', `${LIBRARY}/image-library/manifest`)).body;

describe('library CLI and starter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-library-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("was loaded at the worker's first start, and loading the starter again changes nothing", async () => {
    const before = await manifest();
    expect(before.counts.templates).toBeGreaterThanOrEqual(28);
    const lines = hub('library', 'load-starter');
    expect(lines[lines.length - 1]).toMatch(/^0 created, 0 updated, \d+ unchanged; library version \d+ \(unchanged\)\.$/);
    expect((await manifest()).version).toBe(before.version);
  });

  it('does not bring back a starter item an admin deleted when a worker starts again; load-starter does', async () => {
    const victim = (await call('direct', `${LIBRARY}/image-templates/story-this-or-that`)).body;
    hub('library', 'delete', victim.id);
    const db = database();
    try {
      const library = new Library(db, stack().workerEnv.SVC_PUBLIC_URL!, silentLogger);
      expect(await library.loadStarter(true)).toBeNull();
      expect((await call('direct', `${LIBRARY}/image-templates/story-this-or-that`)).status).toBe(404);
    } finally {
      await db.close();
    }
    const lines = hub('library', 'load-starter');
    expect(lines[0]).toMatch(/^created template story-this-or-that \(tpl_[0-9A-Z]{26}\)$/);
    const back = (await call('direct', `${LIBRARY}/image-templates/story-this-or-that`)).body;
    expect([back.hash, back.preview_url]).toEqual([victim.hash, victim.preview_url]);
  });

  it('is loaded once when two workers start together on an empty library', async () => {
    const prefix = `twin${randomBytes(3).toString('hex')}_`;
    const [first, second] = [database(prefix), database(prefix)];
    try {
      await migrate(first, silentLogger);
      const reports = await Promise.all(
        [first, second].map((db) => new Library(db, 'https://twin.example', silentLogger).loadStarter(true)),
      );
      const created = reports.map((report) => report?.created.length ?? 0).sort((a, b) => a - b);
      expect(created[0]).toBe(0);
      expect(created[1]).toBeGreaterThanOrEqual(100);
      const library = new Library(first, 'https://twin.example', silentLogger);
      expect((await library.store.state()).version).toBe(1);
      expect(await library.loadStarter(true)).toBeNull();
    } finally {
      await dropTables(first, prefix);
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('imports a pack file and a pack folder, exports the library, and reports the status', async () => {
    const tag = token();
    const file = join(dir, 'pack.json');
    writeFileSync(file, JSON.stringify(templatePack([{ slug: `${tag}-cli`, title: 'From the CLI' }])));
    const imported = hub('library', 'import', file);
    expect(imported[0]).toMatch(new RegExp(`^created template ${tag}-cli \\(tpl_`));
    const version = (await manifest()).version;
    expect(imported[imported.length - 1]).toBe(`1 created, 0 updated, 0 unchanged; library version ${version}.`);

    const out = join(dir, 'export.json');
    expect(hub('library', 'export', '--out', out)).toEqual([`Wrote the library to ${out}.`]);
    const exported = JSON.parse(readFileSync(out, 'utf8'));
    expect(exported).toMatchObject({ format: 'svc-hub-library-pack', format_version: 1, library_version: version });
    expect(exported.templates.find((item: { slug: string }) => item.slug === `${tag}-cli`)).toMatchObject({
      title: 'From the CLI',
      status: 'active',
      preview: `previews/${tag}-cli.svg`,
    });
    expect(hub('library', 'import', out).pop()).toMatch(/^0 created, 0 updated, \d+ unchanged; library version \d+ \(unchanged\)\.$/);
    expect(hub('library', 'import', join(stack().repoRoot, 'plugin', 'library', 'starter')).pop()).toMatch(
      /^0 created, 0 updated, \d+ unchanged/,
    );
    expect(hub('library', 'status')[0]).toMatch(
      new RegExp(`^version ${version}, hash sha256-\\S+, \\d+ templates, \\d+ samples, \\d+ assets \\(active\\)$`),
    );
  });

  it("recreates the same items with the same hashes from an export, in another hub's database", async () => {
    const exported = (await libraryAdmin('direct', 'GET', '/export')).body;
    const source = await manifest();
    const prefix = `copy${randomBytes(3).toString('hex')}_`;
    const other = database(prefix);
    try {
      await migrate(other, silentLogger);
      const library = new Library(other, 'https://copy.example', silentLogger);
      const report = await library.importPack(exported);
      expect(report.version).toBe(1);
      const copy = JSON.parse((await library.store.manifest()).text) as Manifest;
      const hashes = (list: Manifest['items']['templates']) => list.map((entry) => `${entry.slug}:${entry.hash}`).sort();
      for (const kind of ['templates', 'samples', 'assets'] as const) expect(hashes(copy.items[kind])).toEqual(hashes(source.items[kind]));
    } finally {
      await dropTables(other, prefix);
      await other.close();
    }
  });

  it('serialises concurrent changes: every import raises the version by exactly one', async () => {
    const start = (await manifest()).version;
    const tag = token();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => libraryAdmin('direct', 'POST', '/import', templatePack([{ slug: `${tag}-${n}` }]))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.version as number).sort((a, b) => a - b)).toEqual([
      start + 1,
      start + 2,
      start + 3,
      start + 4,
      start + 5,
    ]);
    const end = await manifest();
    expect(end.version).toBe(start + 5);
    expect(end.items.templates.filter((entry) => entry.slug.startsWith(tag))).toHaveLength(5);
  });

  it('refuses bad CLI input with a one-line reason', () => {
    const run = (...args: string[]) => {
      try {
        hub(...args);
        return '';
      } catch (error) {
        return String((error as { stderr?: string }).stderr).trim();
      }
    };
    expect(run('library', 'import', join(dir, 'missing.json'))).toBe(`error: No file or folder at ${join(dir, 'missing.json')}.`);
    expect(run('library', 'delete', 'tpl_01JAAAAAAAAAAAAAAAAAAAAAAA')).toBe(
      'error: No library item has the id "tpl_01JAAAAAAAAAAAAAAAAAAAAAAA".',
    );
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'svc-hub-library-pack', format_version: 1, templates: [{ slug: 'X' }] }));
    expect(run('library', 'import', join(dir, 'bad.json'))).toMatch(/^error: templates\[0\]\.slug must be 1 to 80 lower-case letters/);
  });
});
