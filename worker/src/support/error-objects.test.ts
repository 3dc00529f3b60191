import { ApiError } from './api-error';
import { anthropicErrorType, firstParam, openAiError, openAiErrorType, retryCannotCure } from './error-objects';

describe('openAiErrorType', () => {
  it.each([
    [400, 'svc_invalid_request', 'invalid_request_error'],
    [404, 'svc_model_not_found', 'invalid_request_error'],
    [409, 'svc_idempotency_conflict', 'invalid_request_error'],
    [413, 'svc_payload_too_large', 'invalid_request_error'],
    [415, 'svc_unsupported_media_type', 'invalid_request_error'],
    [401, 'svc_invalid_key', 'authentication_error'],
    [403, 'svc_no_entitlement', 'permission_error'],
    [429, 'svc_rate_limited', 'rate_limit_error'],
    [429, 'svc_too_many_concurrent', 'rate_limit_error'],
    [429, 'svc_budget_exceeded', 'insufficient_quota'],
    [500, 'svc_internal', 'server_error'],
    [502, 'svc_upstream_error', 'server_error'],
    [503, 'svc_no_provider', 'server_error'],
    [504, 'svc_upstream_timeout', 'server_error'],
  ])('%i %s is %s', (status, code, type) => {
    expect(openAiErrorType(status, code)).toBe(type);
  });
});

describe('anthropicErrorType', () => {
  it.each([
    [400, 'invalid_request_error'],
    [409, 'invalid_request_error'],
    [415, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [413, 'request_too_large'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [502, 'api_error'],
    [503, 'overloaded_error'],
    [529, 'overloaded_error'],
    [504, 'api_error'],
  ])('%i is %s', (status, type) => {
    expect(anthropicErrorType(status)).toBe(type);
  });
});

describe('openAiError', () => {
  it('names the first bad field as param and keeps the hub code and message', () => {
    const error = ApiError.invalidRequest({ temperature: 'must be between 0 and 2', top_p: 'must be a number' });
    expect(openAiError(error)).toEqual({
      message: 'Invalid parameter(s): temperature, top_p.',
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'svc_invalid_request',
    });
  });

  it('has param null when no field is named', () => {
    expect(openAiError(ApiError.invalidKey()).param).toBeNull();
    expect(firstParam({ params: ['model'] })).toBeNull();
    expect(firstParam({ params: 'model' })).toBeNull();
  });

  it('cuts a huge field name as data.params does', () => {
    expect(firstParam({ params: { ['x'.repeat(5000)]: 'bad' } })).toHaveLength(101);
  });
});

describe('retryCannotCure', () => {
  it.each([
    ['svc_budget_exceeded', 429, true],
    ['svc_unpriced_model', 400, true],
    ['svc_no_entitlement', 403, true],
    ['svc_idempotency_conflict', 409, true],
    ['svc_no_provider', 503, true],
    ['svc_hub_disabled', 503, true],
    ['svc_invalid_key', 401, true],
    ['svc_rate_limited', 429, false],
    ['svc_too_many_concurrent', 429, false],
    ['svc_idempotency_in_progress', 409, false],
    ['svc_request_timeout', 408, false],
    ['svc_upstream_error', 502, false],
    ['svc_upstream_timeout', 504, false],
    ['svc_unavailable', 503, false],
    ['svc_internal', 500, false],
  ])('%s (%i): %s', (code, status, verdict) => {
    expect(retryCannotCure({ status, code })).toBe(verdict);
  });
});
