import { integrity, integrityToHex } from '../canonical-json';
import { itemHash } from '../item-hash';
import { manifestHash, type Manifest, type ManifestEntry } from '../manifest';
import { sanitiseSvg, SvgError } from '../svg-sanitiser';
import { FILE_NAME, ITEM_ID_PATTERN, SLUG_PATTERN, type ItemKind } from '../vocabulary';

/** Why a manifest or an item cannot be trusted, or null when it checks out. */
export type Verdict = string | null;

const HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

function entriesValid(list: unknown, typed: boolean): list is ManifestEntry[] {
  return (
    Array.isArray(list) &&
    list.every(
      (entry: Partial<ManifestEntry>) =>
        typeof entry?.id === 'string' &&
        ITEM_ID_PATTERN.test(entry.id) &&
        typeof entry.slug === 'string' &&
        SLUG_PATTERN.test(entry.slug) &&
        typeof entry.hash === 'string' &&
        HASH.test(entry.hash) &&
        (!typed || (typeof entry.type === 'string' && /^[a-z]{1,20}$/.test(entry.type))),
    )
  );
}

/** The manifest's shape and its own hash (the hash covers everything else in it). */
export function checkManifest(body: unknown): Verdict {
  const manifest = body as Manifest;
  if (typeof manifest !== 'object' || manifest === null || !Number.isInteger(manifest.version) || manifest.version < 0)
    return 'the manifest has no valid version';
  if (typeof manifest.hash !== 'string' || !HASH.test(manifest.hash)) return 'the manifest has no valid hash';
  const items = manifest.items;
  if (!items || !entriesValid(items.templates, false) || !entriesValid(items.samples, true) || !entriesValid(items.assets, true))
    return 'the manifest lists malformed items';
  if (manifestHash(manifest) !== manifest.hash) return 'the manifest does not match its own hash';
  return null;
}

export interface FileCheck {
  name: string;
  hash: string;
  hex: string;
  length: number;
  url: string;
}

/** The files an item lists, checked for shape: only its kind's one file name, an integrity hash, an http(s) URL. */
export function itemFiles(kind: ItemKind, item: Record<string, unknown>): FileCheck[] | string {
  const files = item.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'the item has no files map';
  const checks: FileCheck[] = [];
  for (const [name, value] of Object.entries(files as Record<string, { hash?: unknown; length?: unknown; url?: unknown }>)) {
    const hex = typeof value?.hash === 'string' ? integrityToHex(value.hash) : null;
    if (name !== FILE_NAME[kind] || !hex || !Number.isInteger(value.length) || typeof value.url !== 'string')
      return `the item lists a malformed file "${name.slice(0, 40)}"`;
    checks.push({ name, hash: value.hash as string, hex, length: value.length as number, url: value.url });
  }
  return checks;
}

/** An item against its manifest entry and its own hash (hashed fields plus the files' hashes). */
export function checkItem(kind: ItemKind, item: Record<string, unknown>, expected: ManifestEntry, files: FileCheck[]): Verdict {
  if (item.id !== expected.id) return `the answer is for ${String(item.id).slice(0, 40)}, not ${expected.id}`;
  if (item.hash !== expected.hash) return `its hash ${String(item.hash).slice(0, 60)} is not the manifest's ${expected.hash}`;
  const computed = itemHash(kind, item, Object.fromEntries(files.map((file) => [file.name, file.hash])));
  if (computed !== expected.hash) return `its content does not match its hash (expected ${expected.hash}, computed ${computed})`;
  return null;
}

/** Downloaded bytes against the file's listed length and hash. */
export function checkFile(file: FileCheck, bytes: Buffer): Verdict {
  if (bytes.length !== file.length) return `file ${file.name} has ${bytes.length} bytes, not ${file.length}`;
  const actual = integrity(bytes);
  return actual === file.hash ? null : `file ${file.name} does not match its hash (expected ${file.hash}, computed ${actual})`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A file as an import would store it: the SVG sanitiser (the import's own) must leave it
 * byte for byte as it is. A hub only ever stores sanitised SVG, and sanitising twice gives the
 * same bytes, so a file the sanitiser would change — a script, an event handler, an external
 * reference, or not well-formed SVG — did not come from an honest hub, whatever its hash says;
 * it is refused, never written (docs/library.md, "Sync").
 */
export function checkSvg(name: string, bytes: Buffer): Verdict {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return `file ${name} is not UTF-8 text`;
  }
  try {
    const result = sanitiseSvg(text);
    if (result.svg === text) return null;
    const removed = result.removed.length > 0 ? result.removed.join('; ') : 'nothing, but it is not in sanitised form';
    return `file ${name} is not sanitised SVG (an import would remove: ${removed.slice(0, 300)})`;
  } catch (error) {
    if (!(error instanceof SvgError)) throw error;
    return `file ${name} is not acceptable SVG: ${error.message.slice(0, 200)}`;
  }
}
