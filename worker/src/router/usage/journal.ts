import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../support/logger';

/** A new file every this often (or when one grows past ROTATE_BYTES); old ones go once all their rows are in MySQL. */
const ROTATE_MS = 10_000;
const ROTATE_BYTES = 8 * 1024 * 1024;

interface JournalFile {
  path: string;
  fd: number;
  openedAt: number;
  bytes: number;
  /** Rows written here and not yet known to be in MySQL. */
  pending: number;
}

/** Where a database's journals live apart from another's: stacks on one machine share a folder. */
export function journalTag(database: { host: string; port: number; name: string; prefix: string }): string {
  return createHash('sha256').update(`${database.host}:${database.port}/${database.name}/${database.prefix}`).digest('hex').slice(0, 16);
}

/** The journal key of an answered call's final record (its opening's key is its usage id). */
export const completionKey = (usageId: string) => `${usageId}/answered`;

/**
 * One line for the journal and what confirms it: an opened row (`id` its usage id, `values` its
 * insert values) or an answered call's final record (`id` from `completionKey`, `values` an object).
 */
export interface JournalRow {
  id: string;
  values: unknown;
}

/**
 * The usage rows of calls in flight, on local disk before their answers leave: one line per
 * opened call, and one per answered call with its final record and budget shares, the lines of
 * one turn of the event loop appended with one synchronous write (cheap, docs/benchmarks.md —
 * and the bytes are the kernel's the moment it returns, so a `kill -9` of the worker loses
 * none). The database writes stay batched off the request path (recorder.ts); lines confirmed
 * in MySQL are forgotten, and a file whose lines all are is deleted. A journal left by a process
 * that is gone (`kill -9`, a crash) is replayed into MySQL (replay.ts: answered calls as they
 * ended, the others `interrupted`) by the next worker on this machine that looks (at start, and
 * with every usage sweep), then deleted.
 * One file per process: `usage-<database tag>-<pid>-<boot>.jsonl`.
 */
export class UsageJournal {
  private current: JournalFile | null = null;
  private readonly retired = new Set<JournalFile>();
  private readonly fileOf = new Map<string, JournalFile>();
  private failing = false;

  constructor(
    private readonly directory: string,
    private readonly tag: string,
    private readonly boot: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends opened rows, one line each, in one write; false when the disk refused (the caller then waits for MySQL instead). */
  append(rows: readonly JournalRow[]): boolean {
    try {
      const file = this.writableFile();
      let text = '';
      for (const row of rows) text += `${JSON.stringify(row.values)}\n`;
      writeSync(file.fd, text);
      file.bytes += text.length;
      file.pending += rows.length;
      for (const row of rows) this.fileOf.set(row.id, file);
      if (this.failing) this.logger.info('usage journal writable again', { directory: this.directory });
      this.failing = false;
      return true;
    } catch (error) {
      if (!this.failing)
        this.logger.warn('cannot write the usage journal: answers wait for their usage rows in MySQL instead', {
          directory: this.directory,
          error: String(error),
        });
      this.failing = true;
      return false;
    }
  }

  /** These rows are in MySQL: a retired file none of whose rows is pending any more is deleted. */
  confirm(ids: Iterable<string>): void {
    for (const id of ids) {
      const file = this.fileOf.get(id);
      if (!file) continue;
      this.fileOf.delete(id);
      file.pending -= 1;
      if (file.pending === 0 && this.retired.has(file)) this.remove(file);
    }
  }

  /** Journals of this database left by processes that are gone (see orphanJournals). */
  orphans(): { path: string; rows: unknown[] }[] {
    return orphanJournals(this.directory, this.tag);
  }

  /** Deletes a replayed orphan (another worker may have deleted it first). */
  discard(path: string): void {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.logger.warn('could not remove a replayed usage journal', { path, error: String(error) });
    }
  }

  /** At a graceful stop, after every row was written: the journal is no longer needed. */
  close(): void {
    for (const file of [...this.retired, ...(this.current ? [this.current] : [])]) {
      if (file.pending === 0) this.remove(file);
      else closeSync(file.fd);
    }
    this.current = null;
  }

  private writableFile(): JournalFile {
    const file = this.current;
    if (file && this.now() - file.openedAt < ROTATE_MS && file.bytes < ROTATE_BYTES) return file;
    if (file) {
      this.retired.add(file);
      if (file.pending === 0) this.remove(file);
    }
    mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    const path = join(this.directory, `usage-${this.tag}-${process.pid}-${this.boot}-${this.now()}.jsonl`);
    this.current = { path, fd: openSync(path, 'a', 0o600), openedAt: this.now(), bytes: 0, pending: 0 };
    return this.current;
  }

  private remove(file: JournalFile): void {
    this.retired.delete(file);
    if (this.current === file) this.current = null;
    try {
      closeSync(file.fd);
      unlinkSync(file.path);
    } catch (error) {
      this.logger.warn('could not remove a usage journal file', { path: file.path, error: String(error) });
    }
  }
}

/** The journal files of this database left by processes that are gone, with the lines each holds (arrays: openings; objects: answers). */
export function orphanJournals(directory: string, tag: string): { path: string; rows: unknown[] }[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const pattern = new RegExp(`^usage-${tag}-(\\d+)-[0-9A-Z]+-\\d+\\.jsonl$`);
  return names.flatMap((name) => {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) return [];
    const path = join(directory, name);
    return [{ path, rows: readRows(path) }];
  });
}

function readRows(path: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      const values = JSON.parse(line) as unknown;
      return typeof values === 'object' && values !== null ? [values] : [];
    } catch {
      return []; // an empty or torn last line
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
