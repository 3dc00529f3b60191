import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ItemKind } from '../vocabulary';

export const STATE_FILE = '.svc-library-sync.json';

/** What a mirror folder holds, written after every sync (docs/library.md, "Sync"). */
export interface SyncState {
  format: 1;
  /** The hub's site URL the folder mirrors. */
  from: string;
  /** The manifest version, hash and ETag the folder is complete for (0 / "" / null before the first complete sync). */
  version: number;
  hash: string;
  etag: string | null;
  synced_at: string | null;
  items: Record<string, { kind: ItemKind; type?: string; slug: string; hash: string; files: string[] }>;
}

export class SyncError extends Error {}

export function emptyState(from: string): SyncState {
  return { format: 1, from, version: 0, hash: '', etag: null, synced_at: null, items: {} };
}

export function readState(folder: string): SyncState | null {
  const file = join(folder, STATE_FILE);
  if (!existsSync(file)) return null;
  let state: SyncState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as SyncState;
  } catch {
    throw new SyncError(`${file} is not readable JSON; remove it to start the mirror afresh.`);
  }
  if (state?.format !== 1 || typeof state.from !== 'string' || typeof state.items !== 'object' || !Number.isInteger(state.version)) {
    throw new SyncError(`${file} is not a library sync state; remove it to start the mirror afresh.`);
  }
  return state;
}

/** Writes a file atomically (a temporary file renamed over the old one). */
export function writeAtomically(file: string, content: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

export function writeState(folder: string, state: SyncState): void {
  writeAtomically(join(folder, STATE_FILE), `${JSON.stringify(state, null, 1)}\n`);
}
