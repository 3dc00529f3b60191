import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../support/logger';
import { journalTag, orphanJournals, UsageJournal } from './journal';

const TAG = journalTag({ host: '127.0.0.1', port: 3306, name: 'wordpress', prefix: 'wp_' });
const BOOT = '01JBOOTAAAAAAAAAAAAAAAAAAA';

/** A pid no process has: one that just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('UsageJournal', () => {
  let directory: string;
  let clock: number;
  const journal = () => new UsageJournal(directory, TAG, BOOT, silentLogger, () => clock);
  const files = () => readdirSync(directory).filter((name) => name.endsWith('.jsonl'));

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'usage-journal-'));
    clock = 1_000_000;
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes each opened row as one line the moment it is appended', () => {
    const book = journal();
    expect(book.append([{ id: 'usg_1', values: ['usg_1', 'req_1', new Date('2026-11-24T20:00:00.000Z')] }])).toBe(true);
    expect(book.append([{ id: 'usg_2', values: ['usg_2', 'req_2', null] }])).toBe(true);
    const [file] = files();
    expect(file).toMatch(new RegExp(`^usage-${TAG}-${process.pid}-${BOOT}-\\d+\\.jsonl$`));
    expect(readFileSync(join(directory, file!), 'utf8')).toBe('["usg_1","req_1","2026-11-24T20:00:00.000Z"]\n["usg_2","req_2",null]\n');
  });

  it('writes the rows of one batch as one line each, each confirmed on its own', () => {
    const book = journal();
    expect(
      book.append([
        { id: 'usg_1', values: ['usg_1'] },
        { id: 'usg_2', values: ['usg_2'] },
        { id: 'usg_3', values: ['usg_3'] },
      ]),
    ).toBe(true);
    expect(readFileSync(join(directory, files()[0]!), 'utf8')).toBe('["usg_1"]\n["usg_2"]\n["usg_3"]\n');
    clock += 10_000;
    book.append([{ id: 'usg_4', values: ['usg_4'] }]);
    book.confirm(['usg_1', 'usg_3']);
    expect(files()).toHaveLength(2); // usg_2 of the first batch is still only on disk
    book.confirm(['usg_2']);
    expect(files()).toHaveLength(1);
  });

  it('deletes a file once it is retired and every row in it is confirmed in MySQL', () => {
    const book = journal();
    book.append([{ id: 'usg_1', values: ['usg_1'] }]);
    book.append([{ id: 'usg_2', values: ['usg_2'] }]);
    clock += 10_000; // the next append starts a new file
    book.append([{ id: 'usg_3', values: ['usg_3'] }]);
    expect(files()).toHaveLength(2);
    book.confirm(['usg_1']);
    expect(files()).toHaveLength(2); // usg_2 is still only on disk
    book.confirm(['usg_2', 'usg_unknown']);
    expect(files()).toHaveLength(1);
    book.confirm(['usg_3']);
    expect(files()).toHaveLength(1); // the current file stays until it rotates or the worker stops
    book.close();
    expect(files()).toEqual([]);
  });

  it('keeps a file at a graceful stop when a row in it never reached MySQL', () => {
    const book = journal();
    book.append([{ id: 'usg_1', values: ['usg_1'] }]);
    book.close();
    expect(files()).toHaveLength(1);
  });

  it('says so when the disk refuses, so the caller waits for MySQL instead', () => {
    writeFileSync(join(directory, 'not-a-folder'), '');
    const book = new UsageJournal(join(directory, 'not-a-folder', 'journal'), TAG, BOOT, silentLogger);
    expect(book.append([{ id: 'usg_1', values: ['usg_1'] }])).toBe(false);
  });

  it('finds the journals of this database left by processes that are gone, torn last line and all', () => {
    const pid = deadPid();
    const dead = join(directory, `usage-${TAG}-${pid}-${BOOT}-1.jsonl`);
    writeFileSync(dead, '["usg_1","req_1"]\n["usg_2","req_2"]\n');
    appendFileSync(dead, '["usg_3","re'); // killed in the middle of a write
    writeFileSync(join(directory, `usage-${TAG}-${process.pid}-${BOOT}-1.jsonl`), '["mine"]\n'); // alive: this process
    writeFileSync(join(directory, `usage-${'0'.repeat(16)}-${pid}-${BOOT}-1.jsonl`), '["other database"]\n');
    writeFileSync(join(directory, 'notes.txt'), 'not a journal');
    expect(orphanJournals(directory, TAG)).toEqual([
      {
        path: dead,
        rows: [
          ['usg_1', 'req_1'],
          ['usg_2', 'req_2'],
        ],
      },
    ]);
    expect(orphanJournals(join(directory, 'missing'), TAG)).toEqual([]);
  });

  it('gives every database its own tag', () => {
    expect(journalTag({ host: '127.0.0.1', port: 3307, name: 'wordpress', prefix: 'wp_' })).not.toBe(TAG);
    expect(journalTag({ host: '127.0.0.1', port: 3306, name: 'wordpress', prefix: 'wp2_' })).not.toBe(TAG);
  });
});
