import { format } from 'mysql2';
import { queryFormat } from './connections';

/** The pool's statement formatting: mysql2's own for statements with values, the text as it is without. */
describe('queryFormat', () => {
  const connection = { config: { timezone: 'Z' } };

  it('formats values exactly as mysql2 does with the pool’s time zone', () => {
    const values = ["O'Brien", 42, null, new Date(Date.UTC(2026, 10, 25, 1, 2, 3, 4)), [1, 2], 'a\\b'];
    const sql = 'SELECT ?, ?, ?, ?, (?), ? FROM `t` WHERE `c` = ?';
    expect(queryFormat.call(connection, sql, values)).toBe(format(sql, values, false, 'Z'));
  });

  it('sends a statement without values as it is, whatever it holds', () => {
    const sql = "INSERT INTO t (a) VALUES ('what?'), ('?? ?')";
    expect(queryFormat.call(connection, sql, [])).toBe(sql);
    expect(queryFormat.call(connection, sql, undefined)).toBe(sql);
  });
});
