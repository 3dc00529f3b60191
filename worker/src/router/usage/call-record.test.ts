import { CallRecord } from './call-record';
import { findModel, isCatalogued } from '../catalog/models';
import { NO_MARKUP, type MarkupSource } from './billing';
import type { PriceBook } from '../catalog/prices';
import type { UsageCompletion, UsageOpening, UsageRecorder } from './recorder';
import { afterAnswer } from '../__fixtures__/stream-fakes';

/** A recorder that keeps what it is given, and the shipped price book (no database). */
function fakes(opened: Promise<void> = Promise.resolve(), markup: MarkupSource = NO_MARKUP, journaled: Promise<void> = Promise.resolve()) {
  const completed: UsageCompletion[] = [];
  const recorder = {
    open: (_opening: UsageOpening) => opened,
    complete: (_id: string, completion: UsageCompletion) => {
      completed.push(completion);
      return journaled;
    },
    markup,
  } as unknown as UsageRecorder;
  const prices = {
    priceFor: async (id: string) => {
      if (!isCatalogued(id)) return null;
      const model = findModel(id)!;
      return {
        inputPerMtok: model.inputPerMtok,
        outputPerMtok: model.outputPerMtok,
        cacheReadPerMtok: model.cacheReadPerMtok,
        cacheWritePerMtok: model.cacheWritePerMtok,
        currency: 'USD',
      };
    },
  } as unknown as PriceBook;
  const identity = {
    requestId: 'req_1',
    keyId: 'key_1',
    keyTeam: 'e2e',
    siteUrl: 'https://client.example',
    metadata: { team: '', campaign: '', user: '' },
    purpose: null,
    kind: 'chat' as const,
  };
  return { completed, record: new CallRecord(recorder, prices, identity) };
}

describe('CallRecord', () => {
  it('stores cached, cache-write and reasoning tokens, prices them with the cache prices and hands the usage back whole', async () => {
    const { completed, record } = fakes();
    const usage = {
      promptTokens: 18_642,
      completionTokens: 40,
      totalTokens: 18_682,
      cachedTokens: 18_000,
      cacheWriteTokens: 600,
      reasoningTokens: 25,
    };
    const finished = await record.finish({
      status: 'ok',
      model: findModel('anthropic/claude-sonnet-4-5'),
      attempts: 1,
      usage,
      promptText: 'x',
      outputText: 'y',
    });
    // 42 × 3 + 18,000 × 0.3 + 600 × 3.75 + 40 × 15 = 126 + 5,400 + 2,250 + 600 = 8,376 per million
    expect(finished.router.cost).toEqual({ amount: '0.00837600', currency: 'USD' });
    expect(finished.usage).toEqual(usage); // the answer's usage block shows the provider's figures (chat-completion.ts)
    expect(completed).toHaveLength(1); // the final record is made before the answer leaves (a kill -9 after it keeps it)
    expect(completed[0]).toMatchObject({
      promptTokens: 18_642,
      completionTokens: 40,
      cachedTokens: 18_000,
      cacheWriteTokens: 600,
      reasoningTokens: 25,
      priceCacheReadPerMtok: 0.3,
      priceCacheWritePerMtok: 3.75,
      cost: '0.00837600',
      usageEstimated: false,
    });
  });

  it('stores 0 for what a provider does not report, and nothing for a call that reached no model', async () => {
    const reported = fakes();
    await reported.record.finish({
      status: 'ok',
      model: findModel('openai/gpt-4o-mini'),
      attempts: 1,
      usage: { promptTokens: 4, completionTokens: 5, totalTokens: 9 },
      promptText: '',
      outputText: '',
    });
    await afterAnswer();
    expect(reported.completed[0]).toMatchObject({ cachedTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, cost: '0.00000360' });
    const none = fakes();
    await none.record.finish({ status: 'error', model: null, attempts: 0, usage: null, promptText: 'hello', outputText: '' });
    await afterAnswer();
    expect(none.completed[0]).toMatchObject({ cachedTokens: null, cacheWriteTokens: null, reasoningTokens: null, cost: null });
  });

  it('answers only once its final record is journaled, with what the answer says', async () => {
    let journaled!: () => void;
    const { completed, record } = fakes(Promise.resolve(), NO_MARKUP, new Promise<void>((resolve) => (journaled = resolve)));
    let answer: Awaited<ReturnType<CallRecord['finish']>> | null = null;
    const finishing = record
      .finish({
        status: 'ok',
        model: findModel('openai/gpt-4o-mini'),
        attempts: 1,
        usage: { promptTokens: 40, completionTokens: 9, totalTokens: 49 },
        promptText: '',
        outputText: '',
      })
      .then((finished) => (answer = finished));
    await afterAnswer();
    await afterAnswer();
    expect(answer).toBeNull();
    expect(completed).toHaveLength(1);
    journaled();
    await finishing;
    expect(completed[0]).toMatchObject({ promptTokens: 40, completionTokens: 9, cost: answer!.router.cost.amount, billed: '0.00001140' });
  });

  it('answers only once the usage row is durable; its completion is queued meanwhile', async () => {
    let rowWritten!: () => void;
    const { completed, record } = fakes(new Promise<void>((resolve) => (rowWritten = resolve)));
    let answered = false;
    const finishing = record
      .finish({ status: 'ok', model: findModel('openai/gpt-4o-mini'), attempts: 1, usage: null, promptText: 'hi', outputText: 'hello' })
      .then(() => (answered = true));
    await afterAnswer();
    await afterAnswer();
    expect(completed).toHaveLength(1); // queued: the opening batch (SVC_USAGE_JOURNAL_DIR=off) can carry the whole row
    expect(answered).toBe(false);
    rowWritten();
    await finishing;
    expect(answered).toBe(true);
  });

  it('answers an unpriced call without a cost, flagged priced: false, and stores its cost, provider cost and billed amount as NULL', async () => {
    const { completed, record } = fakes();
    const finished = await record.finish({
      status: 'ok',
      model: findModel('openrouter/meta-llama/llama-4-maverick'),
      attempts: 1,
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      promptText: '',
      outputText: '',
    });
    expect(finished.router.cost).toEqual({ amount: null, currency: 'USD', priced: false });
    await afterAnswer();
    expect(completed[0]).toMatchObject({ cost: null, providerCost: null, billed: null, priceInputPerMtok: null });
  });

  it("keeps the provider's reported cost beside the hub's, answers and bills the provider's, with the site's markup", async () => {
    const markups: string[] = [];
    const markup = { markupFor: async (site: string) => (markups.push(site), '25') };
    const { completed, record } = fakes(Promise.resolve(), markup);
    const finished = await record.finish({
      status: 'ok',
      model: findModel('openrouter/openai/gpt-4o-mini'),
      attempts: 1,
      usage: { promptTokens: 1000, completionTokens: 1000, totalTokens: 2000, providerCost: '0.00080000' },
      promptText: '',
      outputText: '',
    });
    expect(finished.router.cost).toEqual({ amount: '0.00080000', currency: 'USD' }); // the provider's bill, never the billed amount
    await afterAnswer();
    await afterAnswer();
    expect(markups).toEqual(['https://client.example']);
    // 1,000 × 0.15 + 1,000 × 0.6 per million = 0.00075 by the hub's price; billed = 0.0008 × 1.25
    expect(completed[0]).toMatchObject({ cost: '0.00075000', providerCost: '0.00080000', billed: '0.00100000' });
  });

  it('an unpriced call the provider reports a cost for is charged at that cost', async () => {
    const { completed, record } = fakes();
    const finished = await record.finish({
      status: 'ok',
      model: findModel('openrouter/meta-llama/llama-4-maverick'),
      attempts: 1,
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, providerCost: '0.00000300' },
      promptText: '',
      outputText: '',
    });
    expect(finished.router.cost).toEqual({ amount: '0.00000300', currency: 'USD', priced: false });
    await afterAnswer();
    expect(completed[0]).toMatchObject({ cost: null, providerCost: '0.00000300', billed: '0.00000300' });
  });

  it('a response-cache hit costs 0 whatever the cached answer reported', async () => {
    const { completed, record } = fakes();
    record.markCacheHit();
    const finished = await record.finish({
      status: 'ok',
      model: findModel('openrouter/openai/gpt-4o-mini'),
      attempts: 1,
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, providerCost: '0.00000300' },
      promptText: '',
      outputText: '',
    });
    expect(finished.router.cost).toEqual({ amount: '0.00000000', currency: 'USD' });
    await afterAnswer();
    expect(completed[0]).toMatchObject({ cost: '0.00000000', providerCost: null, billed: '0.00000000' });
  });
});
