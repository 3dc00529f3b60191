import { format } from 'mysql2';
import { insertedRows } from '../__fixtures__/sql-values';
import { sqlNumber, sqlText, sqlTimestamp } from './sql-values';

/** What mysql2 sends for one value with the pool's settings (usage rows were formatted by it before). */
const mysql2 = (value: unknown) => format('?', [value as Parameters<typeof format>[1]], false, 'Z');

describe('usage row SQL literals', () => {
  it('quote text exactly as mysql2 does, escapes included', () => {
    const samples = [
      '',
      'usg_01JZ8X9ABCDEFGHJKMNPQRSTVW',
      'growth team',
      "O'Brien",
      'say "hi"',
      'back\\slash',
      'line\nbreak\r\ttab',
      'nul\0byte',
      'ctrl-z\x1a',
      'back\bspace',
      'ünïcödé ✓ 日本',
      "'; DROP TABLE wp_svc_usage; --",
      '%_wildcards_%',
      '`ticks`',
    ];
    for (const sample of samples) expect(sqlText(sample)).toBe(mysql2(sample));
    expect(sqlText(null)).toBe(mysql2(null));
  });

  it('agree with mysql2 on random text from the characters it treats specially', () => {
    const alphabet = ['a', 'Z', '0', ' ', "'", '"', '\\', '\n', '\r', '\t', '\0', '\b', '\x1a', 'é', '%', '`', '?'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 500; round += 1) {
      const sample = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join('');
      expect(sqlText(sample)).toBe(mysql2(sample));
    }
  });

  it('print numbers as mysql2 does, and NULL for what SQL cannot hold (a failing batch would hold back all its rows)', () => {
    for (const value of [0, 1, 42, 0.15, 0.075, 1e-7, 123456789012]) expect(sqlNumber(value)).toBe(mysql2(value));
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(sqlNumber(value)).toBe('NULL');
  });

  it('write timestamps as mysql2 writes a Date in UTC, milliseconds padded, across second boundaries', () => {
    const base = Date.UTC(2026, 10, 25, 1, 2, 3);
    for (const offset of [0, 5, 50, 999, 1000, 1001, -1, 86_400_000 + 7, 7.9]) {
      expect(sqlTimestamp(base + offset)).toBe(mysql2(new Date(Math.floor(base + offset))));
    }
  });

  it('read back as the values they were made from (the test fakes rely on it)', () => {
    const text = ['plain', "it's", 'a\\b', 'new\nline', 'nul\0'];
    const sql = `INSERT INTO t (a, b, c) VALUES ${text.map((value, index) => `(${sqlText(value)}, ${sqlNumber(index / 4)}, NULL)`).join(',\n')}`;
    expect(insertedRows(sql)).toEqual(text.map((value, index) => [value, index / 4, null]));
  });
});
