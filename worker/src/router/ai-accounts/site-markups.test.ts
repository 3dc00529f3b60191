import type { Database } from '../../db/connections';
import { SiteMarkups } from './site-markups';

function fakeDatabase(row: { own: string | null; packaged: string | null }) {
  const execute = jest.fn(async () => [[row]]);
  return { database: { table: (name: string) => name, pool: { execute } } as unknown as Database, execute };
}

describe('SiteMarkups', () => {
  it("answers the site's own markup over its packages', the highest package's, or none", async () => {
    expect(await new SiteMarkups(fakeDatabase({ own: '10.0000', packaged: '25.0000' }).database).markupFor('https://a.example')).toBe(
      '10.0000',
    );
    expect(await new SiteMarkups(fakeDatabase({ own: null, packaged: '25.0000' }).database).markupFor('https://a.example')).toBe('25.0000');
    expect(await new SiteMarkups(fakeDatabase({ own: null, packaged: null }).database).markupFor('https://a.example')).toBeNull();
  });

  it('asks the database once per site while cached, at once (not a promise) after the first, and again after a change', async () => {
    const { database, execute } = fakeDatabase({ own: null, packaged: '25.0000' });
    const markups = new SiteMarkups(database);
    expect(await markups.markupFor('https://a.example')).toBe('25.0000');
    for (let call = 0; call < 100; call += 1) expect(markups.markupFor('https://a.example')).toBe('25.0000');
    expect(execute).toHaveBeenCalledTimes(1);
    markups.changed('https://a.example');
    await markups.markupFor('https://a.example');
    markups.changed();
    await markups.markupFor('https://a.example');
    expect(execute).toHaveBeenCalledTimes(3);
  });
});
