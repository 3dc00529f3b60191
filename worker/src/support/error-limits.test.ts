import { ApiError } from './api-error';
import { boundedErrorBody, clip, MAX_ERROR_BODY_BYTES, MAX_REPORTED_PROBLEMS } from './error-limits';
import { Problems } from './problems';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('Problems', () => {
  it('names the first MAX_REPORTED_PROBLEMS bad fields and counts the rest', () => {
    const problems = new Problems();
    for (let index = 0; index < 10_000; index += 1) problems.add(`field${index}`, 'is wrong');
    expect(problems.count).toBe(10_000);
    expect(Object.keys(problems.params)).toHaveLength(MAX_REPORTED_PROBLEMS);
    let thrown: ApiError | undefined;
    try {
      problems.throwIfAny();
    } catch (error) {
      thrown = error as ApiError;
    }
    expect(thrown?.code).toBe('svc_invalid_request');
    expect(Object.keys(thrown!.data.params as object)).toEqual(Array.from({ length: 10 }, (_, index) => `field${index}`));
    expect(thrown!.data.params_omitted).toBe(9_990);
    expect(thrown!.message).toBe(
      `Invalid parameter(s): ${Array.from({ length: 10 }, (_, index) => `field${index}`).join(', ')} and 9990 more.`,
    );
  });

  it('keeps the first problem of a field and does not count it twice', () => {
    const problems = new Problems();
    problems.add('name', 'is required');
    problems.add('name', 'is too long');
    expect([problems.params, problems.count]).toEqual([{ name: 'is required' }, 1]);
  });

  it('throws nothing when empty', () => {
    expect(() => new Problems().throwIfAny()).not.toThrow();
  });
});

describe('ApiError.invalidRequest', () => {
  it('names at most MAX_REPORTED_PROBLEMS of a big params map and stays under the answer limit', () => {
    const params = Object.fromEntries(
      Array.from({ length: 250_000 }, (_, index) => [`messages[${index}]`, 'must be an object with role and content']),
    );
    const error = ApiError.invalidRequest(params);
    expect(Object.keys(error.data.params as object)).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(error.data.params_omitted).toBe(250_000 - MAX_REPORTED_PROBLEMS);
    expect(error.message).toMatch(/ and 249990 more\.$/);
    expect(bytes(error.toBody())).toBeLessThan(MAX_ERROR_BODY_BYTES);
  });

  it('cuts a huge parameter name and a huge problem text', () => {
    const error = ApiError.invalidRequest({ ['k'.repeat(500_000)]: 'v'.repeat(500_000) });
    const [[name, problem]] = Object.entries(error.data.params as Record<string, string>) as [[string, string]];
    expect(name.length).toBeLessThanOrEqual(101);
    expect(problem.length).toBeLessThanOrEqual(301);
    expect(error.message.length).toBeLessThan(200);
    expect(error.data.params_omitted).toBeUndefined();
  });

  it('keeps a small answer exactly as before', () => {
    expect(ApiError.invalidRequest({ site_url: 'is required' }).toBody()).toEqual({
      code: 'svc_invalid_request',
      message: 'Invalid parameter(s): site_url.',
      data: { status: 400, params: { site_url: 'is required' } },
    });
  });
});

describe('boundedErrorBody (the safety net where errors become answers)', () => {
  it('cuts a long message and big data to stay under MAX_ERROR_BODY_BYTES', () => {
    const body = boundedErrorBody({
      code: 'svc_purpose_not_found',
      message: `No purpose "${'x'.repeat(1_000_000)}".`,
      data: {
        status: 404,
        allowed: Array.from({ length: 100_000 }, (_, index) => `item-${index}`),
        nested: { deep: { deeper: { deepest: 'y'.repeat(100_000) } } },
      },
    });
    expect(bytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(body.code).toBe('svc_purpose_not_found');
    expect(body.data.status).toBe(404);
    expect(body.data.truncated).toBe(true);
    expect((body.data.allowed as string[]).length).toBeLessThanOrEqual(10);
  });

  it('falls back to the status alone when even the cut data is too big (control characters escape to six bytes)', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [
        `${index}${'\u0001'.repeat(200)}`,
        Object.fromEntries(Array.from({ length: 10 }, (_, inner) => [`${inner}${'\u0001'.repeat(200)}`, '\u0001'.repeat(200)])),
      ]),
    );
    const body = boundedErrorBody({ code: 'svc_invalid_request', message: '\u0001'.repeat(100_000), data: { status: 400, params: wide } });
    expect(bytes(body)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(body.data).toEqual({ status: 400, truncated: true });
  });

  it('passes a body within the limit unchanged', () => {
    const body = { code: 'svc_not_found', message: 'No route.', data: { status: 404 } };
    expect(boundedErrorBody(body)).toBe(body);
  });
});

describe('clip', () => {
  it('never leaves half a surrogate pair', () => {
    expect(clip('ab😀cd', 3)).toBe('ab…');
    expect(clip('abc', 3)).toBe('abc');
  });
});
