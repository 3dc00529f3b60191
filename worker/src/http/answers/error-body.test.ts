import { ApiError } from '../../support/api-error';
import { MAX_ERROR_BODY_BYTES } from '../../support/error-limits';
import { errorBody, errorDialect, errorHeaders } from './error-body';

const CHAT = '/wp-json/llm/router/v1/chat/completions';
const MESSAGES = '/wp-json/llm/router/v1/messages';

describe('errorDialect', () => {
  it.each([
    [CHAT, 'openai'],
    ['/wp-json/llm/router/v1', 'openai'],
    ['/wp-json/llm/router/v1/no-such-route', 'openai'],
    ['/WP-JSON/llm/Router/v1/models', 'openai'],
    [MESSAGES, 'anthropic'],
    [`${MESSAGES}/count_tokens`, 'anthropic'],
    ['/wp-json/llm/router/v1/messagesx', 'openai'],
    ['/wp-json/llm/router/v10/chat', 'wordpress'],
    ['/wp-json/svc-commerce/v1/orders', 'wordpress'],
    ['/wp-json/svc-hub/v1/admin/keys', 'wordpress'],
    ['/', 'wordpress'],
  ])('%s speaks %s', (path, dialect) => {
    expect(errorDialect(path)).toBe(dialect);
  });
});

describe('errorBody', () => {
  it('adds OpenAI error object on the router routes, keeping the WordPress shape', () => {
    const error = ApiError.invalidRequest({ temperature: 'must be between 0 and 2' });
    expect(errorBody(CHAT, error, 'req_1')).toEqual({
      code: 'svc_invalid_request',
      message: 'Invalid parameter(s): temperature.',
      data: { status: 400, params: { temperature: 'must be between 0 and 2' } },
      error: {
        message: 'Invalid parameter(s): temperature.',
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'svc_invalid_request',
      },
    });
  });

  it('answers Anthropic shape on /messages', () => {
    expect(errorBody(MESSAGES, ApiError.invalidKey(), 'req_2')).toEqual({
      code: 'svc_invalid_key',
      message: 'The API key is not valid.',
      data: { status: 401 },
      type: 'error',
      error: { type: 'authentication_error', message: 'The API key is not valid.' },
      request_id: 'req_2',
    });
  });

  it('keeps the plain WordPress shape elsewhere', () => {
    expect(errorBody('/wp-json/svc-commerce/v1/orders', ApiError.invalidKey(), 'req_3')).toEqual({
      code: 'svc_invalid_key',
      message: 'The API key is not valid.',
      data: { status: 401 },
    });
  });

  it.each([CHAT, MESSAGES])('stays within 8 KiB on %s whatever the error carries', (path) => {
    const error = new ApiError(400, 'svc_invalid_request', 'é'.repeat(3000), { params: { ['p'.repeat(90)]: 'x'.repeat(300) } });
    const body = errorBody(path, error, 'r'.repeat(128)) as { error: { message: string; param?: string } };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(body.error.message.length).toBeGreaterThan(100);
    if (path === CHAT) expect(body.error.param).toBe('p'.repeat(90));
  });
});

describe('errorHeaders', () => {
  it('adds x-should-retry: false on the router routes when retrying cannot cure the refusal', () => {
    expect(errorHeaders(CHAT, ApiError.noEntitlement('llm.chat'))).toEqual({ 'x-should-retry': 'false' });
    expect(errorHeaders(MESSAGES, new ApiError(503, 'svc_no_provider', 'none'))).toEqual({ 'x-should-retry': 'false' });
  });

  it('leaves rate limits, upstream failures and other namespaces to the client retries', () => {
    expect(errorHeaders(CHAT, ApiError.rateLimited(3))).toEqual({ 'Retry-After': '3' });
    expect(errorHeaders(CHAT, new ApiError(502, 'svc_upstream_error', 'down'))).toEqual({});
    expect(errorHeaders('/wp-json/svc-commerce/v1/orders', ApiError.noEntitlement('x'))).toEqual({});
  });
});
