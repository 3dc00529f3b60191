import { ApiError } from '../../support/api-error';
import type { StreamPiece } from './answer-stream';
import { streamChat } from './chat-stream';
import { UpstreamError } from '../../providers/errors';
import {
  ANTHROPIC,
  OPENAI,
  afterAnswer,
  cacheAnswering,
  collect,
  fakeRouter,
  gate,
  recordedCall,
  scriptedProvider,
  streamedBody,
} from '../__fixtures__/stream-fakes';

/**
 * A streamed chat call as the router hands it to http/: the sequence of pieces (chunks,
 * [DONE], a failure), the cache outcome in its headers, the usage row — no connection.
 */
const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
const payloads = (pieces: StreamPiece[]) =>
  pieces.map((piece) => ('payload' in piece ? piece.payload : piece.kind)) as Array<Record<string, unknown> | string>;
const deltas = (pieces: StreamPiece[]) =>
  payloads(pieces).map((payload) =>
    typeof payload === 'string'
      ? payload
      : ((payload.choices as Array<{ delta: unknown; finish_reason: unknown }>)[0] ?? { usage: payload.usage }),
  );

describe('streamChat', () => {
  it('is the role chunk, one chunk per delta, the finish chunk, the usage chunk and [DONE]; the row is ok', async () => {
    const openai = scriptedProvider('openai', [
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage },
    ]);
    const { completed, record } = recordedCall('stream');
    const stream = streamChat(fakeRouter([openai]), streamedBody(OPENAI), [OPENAI], record, new AbortController().signal);
    const { pieces, thrown } = await collect(stream.pieces);
    expect(thrown).toBeNull();
    expect(deltas(pieces)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'Hel' }, finish_reason: null },
      { index: 0, delta: { content: 'lo' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      { usage: expect.objectContaining({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }) },
      'done',
    ]);
    expect(payloads(pieces)[4]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      router: { provider: 'openai', attempts: 1 },
    });
    expect(stream.headers.size).toBe(0);
    expect(completed).toEqual([expect.objectContaining({ status: 'ok', attempts: 1, completionTokens: 2 })]);
  });

  it('hands each chunk over the moment its event arrives: the second delta does not exist yet when the first is read', async () => {
    const second = gate();
    const openai = scriptedProvider('openai', [{ type: 'delta', text: 'one' }, { gate: second.opened }, { type: 'delta', text: 'two' }]);
    const stream = streamChat(
      fakeRouter([openai]),
      streamedBody(OPENAI),
      [OPENAI],
      recordedCall('stream').record,
      new AbortController().signal,
    );
    const iterator = stream.pieces[Symbol.asyncIterator]();
    await iterator.next(); // the role chunk
    expect(deltas([(await iterator.next()).value])).toEqual([expect.objectContaining({ delta: { content: 'one' } })]);
    second.open();
    expect(deltas([(await iterator.next()).value])).toEqual([expect.objectContaining({ delta: { content: 'two' } })]);
  });

  it('falls back before the first token and ends in one failure piece (the HTTP error, with data.attempts) when every model fails', async () => {
    const failing = (name: string) =>
      scriptedProvider(name, [{ throws: new UpstreamError('down', { provider: name, statusCode: 500, isRetryable: false }) }]);
    const { completed, record } = recordedCall('stream');
    const { pieces, thrown } = await collect(
      streamChat(
        fakeRouter([failing('openai'), failing('anthropic')]),
        streamedBody(OPENAI),
        [OPENAI, ANTHROPIC],
        record,
        new AbortController().signal,
      ).pieces,
    );
    expect(thrown).toBeNull();
    expect(pieces).toHaveLength(1);
    const failure = pieces[0] as Extract<StreamPiece, { kind: 'failure' }>;
    expect(failure.kind).toBe('failure');
    expect(failure.error).toBeInstanceOf(ApiError);
    expect(failure.error).toMatchObject({
      status: 502,
      code: 'svc_upstream_error',
      data: expect.objectContaining({ provider: 'anthropic', attempts: 2 }),
    });
    expect(failure.payload).toEqual({
      error: { code: 'svc_upstream_error', message: failure.error.message, type: 'server_error', param: null },
    });
    expect(completed).toEqual([expect.objectContaining({ status: 'error', attempts: 2, errorCode: 'svc_upstream_error' })]);
  });

  it('after the first token: no fallback, the chunks so far, then the failure piece', async () => {
    const openai = scriptedProvider('openai', [
      { type: 'delta', text: 'Hel' },
      { throws: new UpstreamError('reset', { provider: 'openai', isRetryable: true }) },
    ]);
    const anthropic = scriptedProvider('anthropic', [{ type: 'delta', text: 'never' }]);
    const { completed, record } = recordedCall('stream');
    const { pieces } = await collect(
      streamChat(fakeRouter([openai, anthropic]), streamedBody(OPENAI), [OPENAI, ANTHROPIC], record, new AbortController().signal).pieces,
    );
    expect(pieces.map((piece) => piece.kind)).toEqual(['data', 'data', 'failure']);
    expect(anthropic.signals).toHaveLength(0);
    expect(completed).toEqual([expect.objectContaining({ status: 'error', attempts: 1 })]);
  });

  it('ends without another piece when the client hangs up: the upstream request is aborted and the row says aborted', async () => {
    const never = gate();
    const openai = scriptedProvider('openai', [{ type: 'delta', text: 'Hel' }, { gate: never.opened }]);
    const client = new AbortController();
    const { completed, record } = recordedCall('stream');
    const stream = streamChat(fakeRouter([openai]), streamedBody(OPENAI), [OPENAI], record, client.signal);
    const iterator = stream.pieces[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    client.abort(Object.assign(new Error('client closed the connection'), { name: 'AbortError' }));
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(openai.signals[0]!.aborted).toBe(true);
    await afterAnswer();
    expect(completed).toEqual([expect.objectContaining({ status: 'aborted', errorCode: 'client_closed' })]);
  });

  it('says the response cache’s outcome in its headers (hit: the answer replayed, no provider call)', async () => {
    const openai = scriptedProvider('openai', [{ type: 'delta', text: 'fresh' }]);
    const cached = { content: 'cached', finishReason: 'stop' as const, usage };
    const hit = streamChat(
      fakeRouter([openai], cacheAnswering(cached)),
      streamedBody(OPENAI),
      [OPENAI],
      recordedCall('stream').record,
      new AbortController().signal,
    );
    const { pieces } = await collect(hit.pieces);
    expect(hit.headers.get('X-Svc-Cache')).toBe('hit');
    expect(deltas(pieces)[1]).toMatchObject({ delta: { content: 'cached' } });
    expect(openai.signals).toHaveLength(0);

    const miss = streamChat(
      fakeRouter([openai], cacheAnswering(null)),
      streamedBody(OPENAI),
      [OPENAI],
      recordedCall('stream').record,
      new AbortController().signal,
    );
    await collect(miss.pieces);
    expect(miss.headers.get('X-Svc-Cache')).toBe('miss');
  });
});
