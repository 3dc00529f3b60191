import { findModel } from '../catalog/models';
import { AttemptsExhausted, retryDelay, toApiError, withFallback } from './attempts';
import { UpstreamError, UpstreamTimeoutError } from '../../providers/errors';

const models = [findModel('openai/gpt-4o')!, findModel('openai/gpt-4o-mini')!];
const policy = { max: 2, maxWaitMs: 1000, baseDelayMs: 1 };
const failure = (statusCode: number, retryAfterMs?: number) =>
  new UpstreamError('boom', { provider: 'openai', statusCode, isRetryable: statusCode >= 500 || statusCode === 429, retryAfterMs });

describe('withFallback', () => {
  const signal = new AbortController().signal;

  it('retries a retryable error on the same model, then succeeds', async () => {
    const seen: string[] = [];
    const outcome = await withFallback(models, policy, signal, async (model, attempt) => {
      seen.push(model.id);
      if (attempt === 1) throw failure(429, 5);
      return 'ok';
    });
    expect(outcome).toMatchObject({ result: 'ok', attempts: 2, model: { id: 'openai/gpt-4o' } });
    expect(seen).toEqual(['openai/gpt-4o', 'openai/gpt-4o']);
  });

  it('falls back to the next model after the retries of the first', async () => {
    const seen: string[] = [];
    const outcome = await withFallback(models, policy, signal, async (model) => {
      seen.push(model.id);
      if (model.id === 'openai/gpt-4o') throw failure(500);
      return 'ok';
    });
    expect(seen).toEqual(['openai/gpt-4o', 'openai/gpt-4o', 'openai/gpt-4o', 'openai/gpt-4o-mini']);
    expect(outcome.attempts).toBe(4);
  });

  it('does not retry a 400, and moves on to the next model', async () => {
    const seen: string[] = [];
    await withFallback(models, policy, signal, async (model) => {
      seen.push(model.id);
      if (model.id === 'openai/gpt-4o') throw failure(400);
      return 'ok';
    });
    expect(seen).toEqual(['openai/gpt-4o', 'openai/gpt-4o-mini']);
  });

  it('never retries or falls back once committed', async () => {
    const committed = new Error('after first token');
    await expect(
      withFallback(
        models,
        policy,
        signal,
        async () => {
          throw committed;
        },
        (error) => error === committed,
      ),
    ).rejects.toBe(committed);
  });

  it('reports the last error and the attempt count when all fail', async () => {
    const error = await withFallback(models, { ...policy, max: 0 }, signal, async () => {
      throw failure(503);
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(AttemptsExhausted);
    expect(error.attempts).toBe(2);
  });
});

describe('retryDelay', () => {
  it('honours Retry-After up to the cap, and gives up beyond it', () => {
    expect(retryDelay(failure(429, 800), 0, policy)).toBe(800);
    expect(retryDelay(failure(429, 5000), 0, policy)).toBeNull();
    expect(retryDelay(failure(500), 2, policy)).toBeNull();
  });
});

describe('toApiError', () => {
  it('names the timeout phase and keeps upstream facts', () => {
    expect(toApiError(new UpstreamTimeoutError('openai', 'first_token')).toBody()).toMatchObject({
      code: 'svc_upstream_timeout',
      data: { status: 504, phase: 'first_token' },
    });
    expect(toApiError(failure(500)).toBody()).toMatchObject({ code: 'svc_upstream_error', data: { status: 502, upstream_status: 500 } });
  });

  it('tells the client the facts, never the provider’s own text (it can echo a masked key)', () => {
    const leaky = new UpstreamError('openai: HTTP 401: Incorrect API key provided: sk-proj-****abcd', {
      provider: 'openai',
      statusCode: 401,
      isRetryable: false,
      providerCode: 'invalid_api_key',
    });
    expect(toApiError(leaky).message).toBe('The model provider openai answered HTTP 401 (invalid_api_key).');
  });
});
