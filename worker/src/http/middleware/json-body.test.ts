import { parseJsonObject } from './json-body';

const body = (text: string) => Buffer.from(text);

describe('parseJsonObject', () => {
  it('accepts JSON objects with or without a charset', () => {
    expect(parseJsonObject('application/json', body('{"a":1}'))).toEqual({ a: 1 });
    expect(parseJsonObject('application/json; charset=utf-8', body('{}'))).toEqual({});
    expect(parseJsonObject('application/vnd.api+json', body('{}'))).toEqual({});
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], [undefined], ['application/jsonp']])(
    'answers 415 for content type %p',
    (type) => {
      expect(() => parseJsonObject(type, body('{}'))).toThrow(expect.objectContaining({ status: 415 }));
    },
  );

  it.each([['{"a":'], [''], ['[1,2]'], ['"text"'], ['null'], ['{"a":1}garbage']])('answers svc_invalid_json for %p', (text) => {
    expect(() => parseJsonObject('application/json', body(text))).toThrow(
      expect.objectContaining({ code: 'svc_invalid_json', status: 400 }),
    );
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => parseJsonObject('application/json', Buffer.from([0x7b, 0xff, 0x7d]))).toThrow(
      expect.objectContaining({ code: 'svc_invalid_json' }),
    );
  });
});
