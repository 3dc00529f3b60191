import { DownloadTokens } from './download-token';

const tokens = new DownloadTokens(Buffer.alloc(32, 7));
const now = Date.UTC(2026, 10, 28, 12);

describe('DownloadTokens', () => {
  it('grants the release to the site until it expires', () => {
    const token = tokens.issue('rel_1', 'https://a.example', now);
    expect(tokens.check(token, now + 60_000)).toEqual({
      ok: true,
      grant: { releaseId: 'rel_1', siteUrl: 'https://a.example', expiresAt: now / 1000 + 900 },
    });
    expect(tokens.check(token, now + 900_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose payload or signature was changed, or signed with another secret', () => {
    const token = tokens.issue('rel_1', 'https://a.example', now);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ r: 'rel_1', s: 'https://b.example', e: now / 1000 + 900 })).toString('base64url');
    expect(tokens.check(`${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'tampered' });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BA' : 'AA');
    expect(tokens.check(`${payload}.${flipped}`, now)).toEqual({ ok: false, reason: 'tampered' });
    expect(new DownloadTokens(Buffer.alloc(32, 8)).check(token, now)).toEqual({ ok: false, reason: 'tampered' });
    // The same MAC spelt otherwise: the last character's two unused bits changed.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(tokens.check(`${payload}.${respelt}`, now)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('makes every link unique (each is used once), and refuses a signed payload without its nonce', () => {
    const first = tokens.issue('rel_1', 'https://a.example', now);
    expect(tokens.issue('rel_1', 'https://a.example', now)).not.toBe(first);
    const bare = Buffer.from(JSON.stringify({ r: 'rel_1', s: 'https://a.example', e: now / 1000 + 900 })).toString('base64url');
    const signed = new DownloadTokens(Buffer.alloc(32, 7)) as unknown as { sign(payload: string): string };
    expect(tokens.check(`${bare}.${signed.sign(bare)}`, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('calls anything else malformed', () => {
    for (const bad of ['', 'abc', 'a.b', `${'x'.repeat(1401)}.${'y'.repeat(43)}`, '../../etc.passwd'])
      expect(tokens.check(bad, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
