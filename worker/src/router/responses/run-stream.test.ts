import { ApiError } from '../../support/api-error';
import type { StreamPiece } from '../calls/answer-stream';
import { UpstreamError } from '../../providers/errors';
import {
  ANTHROPIC,
  OPENAI,
  afterAnswer,
  cacheAnswering,
  collect,
  fakeRouter,
  recordedCall,
  scriptedProvider,
  streamedBody,
} from '../__fixtures__/stream-fakes';
import { ResponseShape } from './output';
import { streamResponse, type StreamedResponse } from './run-stream';

/** A streamed Responses call as the router hands it to http/: named events, the end, a failure. */
const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
const describe_ = (model: { id: string }) => new ResponseShape(model.id, {}, null);
const names = (pieces: StreamPiece[]) => pieces.map((piece) => (piece.kind === 'event' ? piece.name : piece.kind));

describe('streamResponse', () => {
  it('is response.created … response.completed as named events, then the end (no [DONE]); the response is kept before the last event', async () => {
    const openai = scriptedProvider('openai', [
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage },
    ]);
    const { completed, record } = recordedCall('responses');
    const kept: StreamedResponse[] = [];
    const stream = streamResponse(
      fakeRouter([openai]),
      streamedBody(OPENAI),
      [OPENAI],
      record,
      new AbortController().signal,
      describe_,
      async (done) => void kept.push(done),
    );
    const seen: string[] = [];
    for await (const piece of stream.pieces) {
      if (piece.kind === 'event' && piece.name === 'response.completed') expect(kept).toHaveLength(1);
      seen.push(...names([piece]));
    }
    expect(seen).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
      'end',
    ]);
    expect(kept[0]).toMatchObject({ status: 'completed', usage: expect.objectContaining({ input_tokens: 3, output_tokens: 2 }) });
    await afterAnswer();
    expect(completed).toEqual([expect.objectContaining({ status: 'ok', attempts: 1 })]);
  });

  it('names each event by its type: the piece’s name is the payload’s `type`', async () => {
    const openai = scriptedProvider('openai', [{ type: 'delta', text: 'x' }]);
    const { pieces } = await collect(
      streamResponse(
        fakeRouter([openai]),
        streamedBody(OPENAI),
        [OPENAI],
        recordedCall('responses').record,
        new AbortController().signal,
        describe_,
        async () => undefined,
      ).pieces,
    );
    for (const piece of pieces) if (piece.kind === 'event') expect(piece.payload).toMatchObject({ type: piece.name });
  });

  it('throws the HTTP error (with data.attempts) when every model fails before the stream began', async () => {
    const failing = (name: string) =>
      scriptedProvider(name, [{ throws: new UpstreamError('down', { provider: name, statusCode: 500, isRetryable: false }) }]);
    const { completed, record } = recordedCall('responses');
    const { pieces, thrown } = await collect(
      streamResponse(
        fakeRouter([failing('openai'), failing('anthropic')]),
        streamedBody(OPENAI),
        [OPENAI, ANTHROPIC],
        record,
        new AbortController().signal,
        describe_,
        async () => undefined,
      ).pieces,
    );
    expect(pieces).toEqual([]);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 502, code: 'svc_upstream_error', data: expect.objectContaining({ attempts: 2 }) });
    expect(completed).toEqual([expect.objectContaining({ status: 'error', attempts: 2 })]);
  });

  it('ends with response.failed, then the end, when the provider fails after the stream began', async () => {
    const openai = scriptedProvider('openai', [
      { type: 'delta', text: 'Hel' },
      { throws: new UpstreamError('reset', { provider: 'openai', isRetryable: true }) },
    ]);
    const { pieces } = await collect(
      streamResponse(
        fakeRouter([openai]),
        streamedBody(OPENAI),
        [OPENAI],
        recordedCall('responses').record,
        new AbortController().signal,
        describe_,
        async () => undefined,
      ).pieces,
    );
    expect(names(pieces).slice(-2)).toEqual(['response.failed', 'end']);
    expect((pieces.at(-2) as { payload: unknown }).payload).toMatchObject({
      response: { status: 'failed', error: { code: 'svc_upstream_error' } },
    });
  });

  it('runs behind the response cache: a hit is replayed as events with X-Svc-Cache: hit, cost 0, no provider call', async () => {
    const openai = scriptedProvider('openai', [{ type: 'delta', text: 'fresh' }]);
    const cached = { content: 'cached answer', finishReason: 'stop' as const, usage };
    const { completed, record } = recordedCall('responses');
    const hit = streamResponse(
      fakeRouter([openai], cacheAnswering(cached)),
      streamedBody(OPENAI),
      [OPENAI],
      record,
      new AbortController().signal,
      describe_,
      async () => undefined,
    );
    const { pieces } = await collect(hit.pieces);
    expect(hit.headers.get('X-Svc-Cache')).toBe('hit');
    const text = pieces
      .flatMap((piece) =>
        piece.kind === 'event' && piece.name === 'response.output_text.delta' ? [(piece.payload as { delta: string }).delta] : [],
      )
      .join('');
    expect(text).toBe('cached answer');
    expect(names(pieces).slice(-2)).toEqual(['response.completed', 'end']);
    expect(openai.signals).toHaveLength(0);
    expect(completed).toEqual([expect.objectContaining({ status: 'ok', cacheHit: true, cost: '0.00000000' })]);

    const miss = streamResponse(
      fakeRouter([openai], cacheAnswering(null)),
      streamedBody(OPENAI),
      [OPENAI],
      recordedCall('responses').record,
      new AbortController().signal,
      describe_,
      async () => undefined,
    );
    await collect(miss.pieces);
    expect(miss.headers.get('X-Svc-Cache')).toBe('miss');
  });
});
