import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest, ManifestEntry } from '../manifest';
import type { ItemKind } from '../vocabulary';
import { RemoteLibrary } from './remote';
import { emptyState, readState, SyncError, writeAtomically, writeState, type SyncState } from './sync-state';
import { checkFile, checkItem, checkManifest, checkSvg, itemFiles, type FileCheck } from './verify';

export interface SyncOptions {
  from: string;
  folder: string;
  userAgent: string;
  print: (line: string) => void;
  warn: (line: string) => void;
}

export interface SyncResult {
  requests: number;
  version: number;
  fetched: number;
  removed: number;
  unchanged: number;
  refused: { id: string; reason: string }[];
  notModified: boolean;
}

const LISTS: Record<ItemKind, 'templates' | 'samples' | 'assets'> = { template: 'templates', sample: 'samples', asset: 'assets' };
const itemPath = (folder: string, kind: ItemKind, id: string) => join(folder, LISTS[kind], `${id}.json`);
const filePath = (folder: string, hex: string) => join(folder, 'files', `${hex}.svg`);
const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * True when the folder holds the file intact (its hash) and clean (an import would store it
 * as it is). A file that is not is deleted: a copy written before sync checked files, or
 * changed on disk since, never stays; its item is then fetched (and checked) again. `clean`
 * remembers the files found good in this run, so each is read and checked once.
 */
function held(folder: string, hex: string, clean: Set<string>): boolean {
  if (clean.has(hex)) return true;
  const local = filePath(folder, hex);
  if (!existsSync(local)) return false;
  const bytes = readFileSync(local);
  if (sha256Hex(bytes) !== hex || checkSvg(hex, bytes) !== null) {
    rmSync(local, { force: true });
    return false;
  }
  clean.add(hex);
  return true;
}

/** Every item the state lists still has its JSON and its intact, clean files in the folder. */
function complete(folder: string, state: SyncState, clean: Set<string>): boolean {
  return Object.entries(state.items).every(
    ([id, item]) => existsSync(itemPath(folder, item.kind, id)) && item.files.every((hex) => held(folder, hex, clean)),
  );
}

/**
 * Mirrors a hub's library into a folder (docs/library.md, "Sync"): the manifest with the
 * stored ETag (a 304 ends the run after one request), then only items whose hash changed,
 * each checked against the manifest and its own hash, its files against theirs and through
 * the import's SVG sanitiser (files already held, intact and clean, are not fetched again).
 * A refused item keeps its old copy (never an unclean file), and the folder's version is not
 * advanced, so the next run tries again. Items gone from the manifest are removed.
 * A manifest older than the folder's (a lower version) is refused: versions never go back.
 */
export async function syncLibrary(options: SyncOptions): Promise<SyncResult> {
  const { folder, print, warn } = options;
  mkdirSync(folder, { recursive: true });
  const stored = readState(folder);
  if (stored && stored.from !== options.from)
    throw new SyncError(`${folder} mirrors ${stored.from}, not ${options.from}; use another folder.`);
  const state = stored ?? emptyState(options.from);
  const remote = new RemoteLibrary(options.from, options.userAgent);
  const clean = new Set<string>();
  const etag = state.etag && complete(folder, state, clean) ? state.etag : null;
  const result: SyncResult = { requests: 0, version: state.version, fetched: 0, removed: 0, unchanged: 0, refused: [], notModified: false };

  print(`manifest: GET ${remote.api}/image-library/manifest${etag ? ` (If-None-Match: ${etag})` : ''}`);
  const answer = await remote.manifest(etag);
  if (answer.notModified) {
    print(`up to date: version ${state.version}, ${Object.keys(state.items).length} items (304 Not Modified)`);
    return { ...result, requests: remote.requests, notModified: true };
  }
  const problem = checkManifest(answer.body);
  if (problem) throw new SyncError(`refused the manifest: ${problem}.`);
  const manifest = answer.body as Manifest;
  if (manifest.version < state.version)
    throw new SyncError(
      `refused the manifest: its version ${manifest.version} is lower than this folder's ${state.version} (versions never go back).`,
    );
  if (manifest.version === state.version && state.hash && manifest.hash !== state.hash)
    throw new SyncError(`refused the manifest: version ${manifest.version} with another hash than this folder's.`);
  print(
    `manifest: version ${manifest.version} (folder: ${state.version}), ${manifest.counts.templates} templates, ${manifest.counts.samples} samples, ${manifest.counts.assets} assets`,
  );

  const wanted = new Map<string, { kind: ItemKind; entry: ManifestEntry }>();
  for (const kind of ['template', 'sample', 'asset'] as const) {
    for (const entry of manifest.items[LISTS[kind]]) {
      const kept = state.items[entry.id];
      if (
        kept &&
        kept.hash === entry.hash &&
        existsSync(itemPath(folder, kind, entry.id)) &&
        kept.files.every((hex) => held(folder, hex, clean))
      )
        result.unchanged += 1;
      else wanted.set(entry.id, { kind, entry });
    }
  }

  const accept = async (kind: ItemKind, entry: ManifestEntry, item: Record<string, unknown>) => {
    const files = itemFiles(kind, item);
    const verdict = typeof files === 'string' ? files : checkItem(kind, item, entry, files);
    if (verdict) return refuse(entry, verdict);
    const fetched: { file: FileCheck; bytes: Buffer }[] = [];
    for (const file of files as FileCheck[]) {
      if (held(folder, file.hex, clean)) continue;
      print(`  file ${file.name} of ${entry.slug}: GET ${file.url}`);
      const bytes = await fetching([entry], () => remote.file(file.url));
      if (!bytes) return;
      const fileVerdict = checkFile(file, bytes) ?? checkSvg(file.name, bytes);
      if (fileVerdict) return refuse(entry, fileVerdict);
      fetched.push({ file, bytes });
    }
    for (const { file, bytes } of fetched) writeAtomically(filePath(folder, file.hex), bytes);
    writeAtomically(itemPath(folder, kind, entry.id), `${JSON.stringify(item, null, 1)}\n`);
    state.items[entry.id] = {
      kind,
      ...(entry.type ? { type: entry.type } : {}),
      slug: entry.slug,
      hash: entry.hash,
      files: (files as FileCheck[]).map((file) => file.hex),
    };
    result.fetched += 1;
    print(`  updated ${kind} ${entry.slug} (${entry.id})`);
  };
  const refuse = (entry: ManifestEntry, reason: string) => {
    result.refused.push({ id: entry.id, reason });
    warn(`refused ${entry.id} (${entry.slug}): ${reason}; kept the previous copy`);
  };

  /** A failed download refuses the items it was for; the run goes on with the others. */
  const fetching = async <T>(entries: ManifestEntry[], load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof SyncError)) throw error;
      for (const entry of entries) refuse(entry, error.message);
      return null;
    }
  };

  const templates = [...wanted.values()].filter((want) => want.kind === 'template');
  for (const { entry } of templates) {
    print(`template ${entry.slug}: GET ${remote.api}/image-templates/${entry.id}`);
    const item = await fetching([entry], () => remote.template(entry.id));
    if (item) await accept('template', entry, item as Record<string, unknown>);
  }
  const lists = new Map<string, { kind: 'sample' | 'asset'; type: string; entries: ManifestEntry[] }>();
  for (const { kind, entry } of wanted.values()) {
    if (kind === 'template') continue;
    const key = `${kind}/${entry.type}`;
    if (!lists.has(key)) lists.set(key, { kind, type: entry.type!, entries: [] });
    lists.get(key)!.entries.push(entry);
  }
  for (const { kind, type, entries } of lists.values()) {
    print(`${kind}s of type ${type}: ${entries.length} changed, GET the list`);
    const answer = await fetching(entries, () => remote.entries(kind, type));
    if (!answer) continue;
    for (const entry of entries) {
      const item = answer.find((candidate) => (candidate as { id?: unknown })?.id === entry.id) as Record<string, unknown> | undefined;
      if (item) await accept(kind, entry, item);
      else refuse(entry, `the ${type} list does not hold it`);
    }
  }

  const listed = new Set([...manifest.items.templates, ...manifest.items.samples, ...manifest.items.assets].map((entry) => entry.id));
  for (const [id, item] of Object.entries(state.items)) {
    if (listed.has(id)) continue;
    rmSync(itemPath(folder, item.kind, id), { force: true });
    delete state.items[id];
    result.removed += 1;
    print(`  removed ${item.kind} ${item.slug} (${id}): no longer in the manifest`);
  }
  const kept = new Set(Object.values(state.items).flatMap((item) => item.files));
  if (existsSync(join(folder, 'files'))) {
    for (const name of readdirSync(join(folder, 'files')))
      if (!kept.has(name.replace(/\.svg$/, ''))) rmSync(join(folder, 'files', name), { force: true });
  }

  if (result.refused.length === 0) {
    Object.assign(state, {
      version: manifest.version,
      hash: manifest.hash,
      etag: answer.etag ?? `"${manifest.hash}"`,
      synced_at: new Date().toISOString(),
    });
    writeAtomically(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  }
  writeState(folder, state);
  result.requests = remote.requests;
  result.version = state.version;
  print(
    `done: ${result.fetched} fetched, ${result.removed} removed, ${result.unchanged} unchanged, ${result.refused.length} refused; ${remote.requests} requests; folder at version ${state.version}`,
  );
  return result;
}
