import { ifNoneMatchHits, parseIfNoneMatch, strongTag } from './etag';

const TAG = strongTag('sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');

describe('strongTag', () => {
  it('quotes a value of etagc characters and refuses anything else', () => {
    expect(TAG).toBe('"sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="');
    expect(() => strongTag('has"quote')).toThrow(TypeError);
    expect(() => strongTag('has space')).toThrow(TypeError);
  });
});

describe('If-None-Match, weak comparison (RFC 9110)', () => {
  it('matches the same tag, strong or weak', () => {
    expect(ifNoneMatchHits(TAG, TAG)).toBe(true);
    expect(ifNoneMatchHits(`W/${TAG}`, TAG)).toBe(true);
    expect(ifNoneMatchHits(TAG, `W/${TAG}`)).toBe(true);
  });

  it('matches when any member of a list matches, with any spacing and empty members', () => {
    expect(ifNoneMatchHits(`"a", W/"b",${TAG}`, TAG)).toBe(true);
    expect(ifNoneMatchHits(` , "a" ,,  ${TAG} `, TAG)).toBe(true);
    expect(ifNoneMatchHits('"a", W/"b"', TAG)).toBe(false);
  });

  it('matches * for any current representation', () => {
    expect(ifNoneMatchHits('*', TAG)).toBe(true);
    expect(ifNoneMatchHits(' * ', TAG)).toBe(true);
  });

  it('is case-sensitive in the tag and needs the quotes', () => {
    expect(ifNoneMatchHits(TAG.toLowerCase(), TAG)).toBe(false);
    expect(ifNoneMatchHits(TAG.slice(1, -1), TAG)).toBe(false);
    expect(ifNoneMatchHits('w/' + TAG, TAG)).toBe(false);
  });

  it('never matches an absent, empty or malformed header', () => {
    expect(ifNoneMatchHits(undefined, TAG)).toBe(false);
    expect(ifNoneMatchHits('', TAG)).toBe(false);
    expect(ifNoneMatchHits(`${TAG} junk`, TAG)).toBe(false);
    expect(ifNoneMatchHits(`"unterminated, ${TAG}`, TAG)).toBe(false);
    expect(ifNoneMatchHits('*, "a"', TAG)).toBe(false);
  });

  it('parses lists into their opaque tags', () => {
    expect(parseIfNoneMatch('W/"a", "b"')).toEqual(['a', 'b']);
    expect(parseIfNoneMatch('""')).toEqual(['']);
    expect(parseIfNoneMatch('*')).toBe('*');
    expect(parseIfNoneMatch('a')).toBeNull();
  });
});
