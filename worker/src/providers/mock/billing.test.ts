import { collect } from '../__fixtures__/fixture-server';
import { gifHeader, jpegHeader, pngHeader, webpHeader } from './__fixtures__/image-headers';
import { cutText, IMAGE_UNKNOWN_TOKENS, imageTokens, inputTokens, REASONING_TOKENS } from './billing';
import { MOCK } from './descriptor';
import { createMockProvider } from './mock';
import type { ChatMessage, ChatRequest, ContentPart, StreamEvent, ToolDefinition } from '../types';

const provider = createMockProvider({ name: 'mock', baseUrl: '', apiKey: '', timeouts: { connectMs: 1, firstTokenMs: 1, idleMs: 1 } });
const signal = () => new AbortController().signal;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const request = (extra: Partial<ChatRequest>): ChatRequest => ({
  model: 'echo',
  messages: [{ role: 'user', content: 'hello big world' }],
  ...extra,
});
const image = (data: Buffer, detail?: 'auto' | 'low' | 'high'): Extract<ContentPart, { type: 'image' }> => ({
  type: 'image',
  source: { kind: 'data', mediaType: 'image/png', base64: data.toString('base64') },
  ...(detail ? { detail } : {}),
});
const invoice: ToolDefinition = {
  name: 'create_invoice',
  description: 'Creates an invoice.',
  parameters: { type: 'object', properties: { customer: { type: 'string', description: 'Who pays.' } }, required: ['customer'] },
};

/** The same call blocking and streamed: both must report one usage and finish. */
async function both(chatRequest: ChatRequest) {
  const blocking = await provider.chat(chatRequest, { signal: signal() });
  const events = await collect(provider.stream(chatRequest, { signal: signal() }));
  const streamed = {
    text: events.map((event) => (event.type === 'delta' ? event.text : '')).join(''),
    finish: events.find((event): event is Extract<StreamEvent, { type: 'finish' }> => event.type === 'finish')?.reason,
    usage: events.find((event): event is Extract<StreamEvent, { type: 'usage' }> => event.type === 'usage')?.usage,
  };
  expect(streamed).toEqual({ text: blocking.content, finish: blocking.finishReason, usage: blocking.usage });
  return blocking;
}

describe('mock billing: what a provider would bill (docs/api-notes.md "mock/echo")', () => {
  it('bills the input as ceil(UTF-8 bytes / 4) over messages, parts, tool calls and results, tools and the response schema', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'crème brûlée', parts: [{ type: 'text', text: 'crème brûlée' }] },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'create_invoice', arguments: '{"customer":"ACME"}' }] },
      { role: 'tool', content: 'done', toolCallId: 'call_1' },
    ];
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const sent =
      bytes('Be brief.') +
      bytes('crème brûlée') + // 15 bytes for 12 characters
      bytes('create_invoice{"customer":"ACME"}') +
      bytes('done') +
      bytes(`create_invoiceCreates an invoice.${JSON.stringify(invoice.parameters)}`) +
      bytes(`verdict${JSON.stringify(schema)}`);
    expect(sent).toBe(268);
    expect(inputTokens(request({ messages, tools: [invoice], responseFormat: { type: 'json_schema', name: 'verdict', schema } }))).toBe(67);
  });

  it('bills a 12.5 KB request with one large tool schema for its schema (issue 27: it said 2 tokens)', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 99 }, (_unused, index) => [
        `field_${index}`,
        { type: 'string', description: `The value of invoice field number ${index}, as printed on the customer's order form.` },
      ]),
    );
    const parameters = { type: 'object', properties, required: ['field_0'] };
    const tool: ToolDefinition = { name: 'create_invoice', description: 'Creates an invoice from the order form.', parameters };
    const wire = {
      model: 'mock/echo',
      messages: [{ role: 'user', content: 'Invoice ACME' }],
      tools: [{ type: 'function', function: tool }],
    };
    expect(bytes(JSON.stringify(wire))).toBe(12_523);
    const result = await both(request({ messages: [{ role: 'user', content: 'Invoice ACME' }], tools: [tool] }));
    // 'Invoice ACME' 12 bytes, the name 14, the description 39, the schema 12,311: 12,376 bytes.
    expect(bytes(JSON.stringify(parameters))).toBe(12_311);
    expect(result.usage?.promptTokens).toBe(3094);
  });

  it("bills images by OpenAI's gpt-4o tile rule, read from the data's header", () => {
    expect(imageTokens(image(pngHeader(4096, 4096), 'low'))).toBe(85);
    expect(imageTokens(image(pngHeader(1024, 1024)))).toBe(765); // → 768×768, 2×2 tiles (OpenAI's own example)
    expect(imageTokens(image(pngHeader(2048, 4096), 'high'))).toBe(1105); // → 1024×2048 → 768×1536, 2×3 (OpenAI's own example)
    expect(imageTokens(image(jpegHeader(4032, 3024), 'auto'))).toBe(765); // → 2048×1536 → 1024×768, 2×2
    expect(imageTokens(image(pngHeader(1000, 300)))).toBe(425); // small side under 768: not enlarged, 2×1
    expect(imageTokens(image(gifHeader(100, 100)))).toBe(255); // one tile
    expect(imageTokens(image(webpHeader('extended', 5000, 7000)))).toBe(1105); // → 1462×2048 → 768×1075, 2×3
    expect(imageTokens(image(webpHeader('lossy', 800, 600)))).toBe(765);
    expect(imageTokens(image(webpHeader('lossless', 513, 100)))).toBe(425);
  });

  it('bills an image of unknown size (an https URL it does not fetch, unreadable data) as the largest, 1445', () => {
    expect(IMAGE_UNKNOWN_TOKENS).toBe(1445);
    expect(imageTokens({ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } })).toBe(1445);
    expect(imageTokens({ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, detail: 'low' })).toBe(85);
    expect(imageTokens(image(Buffer.from('not an image at all')))).toBe(1445);
    const parts: ContentPart[] = [{ type: 'text', text: 'see' }, image(pngHeader(1024, 1024)), image(Buffer.from('?'), 'high')];
    expect(inputTokens(request({ messages: [{ role: 'user', content: 'see', parts }] }))).toBe(1 + 765 + 1445);
  });

  it('never bills an image above 1445, the per-image bound its descriptor gives budgets (docs/architecture.md §11)', () => {
    const sides = [1, 100, 511, 512, 513, 767, 768, 769, 1024, 1025, 1536, 1537, 2048, 2049, 3000, 4096, 8000, 16_383];
    let largest = 0;
    for (const width of sides) for (const height of sides) largest = Math.max(largest, imageTokens(image(pngHeader(width, height))));
    expect(largest).toBe(IMAGE_UNKNOWN_TOKENS);
    const chatModels = MOCK.models.filter((model) => model.capability === 'chat');
    expect(chatModels.map((model) => model.imageTokens)).toEqual([IMAGE_UNKNOWN_TOKENS, IMAGE_UNKNOWN_TOKENS]);
  });

  it('bills the answer by the same rule and cuts it at max tokens, finishing length, blocking and streamed alike', async () => {
    expect(await both(request({}))).toEqual({
      content: 'hello big world',
      finishReason: 'stop',
      usage: { promptTokens: 4, completionTokens: 4, totalTokens: 8 }, // 15 bytes each way
    });
    expect(await both(request({ maxTokens: 4 }))).toMatchObject({ content: 'hello big world', finishReason: 'stop' });
    expect(await both(request({ maxTokens: 2 }))).toEqual({
      content: 'hello bi',
      finishReason: 'length',
      usage: { promptTokens: 4, completionTokens: 2, totalTokens: 6 },
    });
  });

  it('never cuts a character in two', async () => {
    expect(cutText('aaé', 3)).toBe('aa');
    expect(cutText('aaé', 4)).toBe('aaé');
    const result = await both(request({ messages: [{ role: 'user', content: 'ééé' }], maxTokens: 1 }));
    expect(result).toMatchObject({ content: 'éé', finishReason: 'length', usage: { completionTokens: 1 } });
  });

  it("cuts a tool call's arguments to the limit, and makes no call when even its name does not fit", async () => {
    // name 14 bytes + arguments {"customer":"Oslo"} 19 bytes = 33 bytes, 9 tokens.
    const whole = await both(request({ messages: [{ role: 'user', content: 'Oslo' }], tools: [invoice] }));
    expect(whole).toMatchObject({ finishReason: 'tool_calls', usage: { completionTokens: 9 } });
    const cut = await provider.chat(request({ messages: [{ role: 'user', content: 'Oslo' }], tools: [invoice], maxTokens: 5 }), {
      signal: signal(),
    });
    expect(cut.toolCalls).toEqual([{ id: 'call_echo_0', name: 'create_invoice', arguments: '{"cust' }]); // 20 − 14 bytes
    expect(cut).toMatchObject({ finishReason: 'length', usage: { completionTokens: 5 } });
    const streamed = await collect(
      provider.stream(request({ messages: [{ role: 'user', content: 'Oslo' }], tools: [invoice], maxTokens: 5 }), { signal: signal() }),
    );
    expect(streamed.slice(-2)).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'usage', usage: cut.usage },
    ]);
    const none = await both(request({ messages: [{ role: 'user', content: 'Oslo' }], tools: [invoice], maxTokens: 3 }));
    expect(none).toMatchObject({ content: '', finishReason: 'length', usage: { completionTokens: 0 } });
    expect(none.toolCalls).toBeUndefined();
  });

  it('spends reasoning tokens when asked, inside the completion tokens and the limit, reasoning first', async () => {
    expect(REASONING_TOKENS).toEqual({ minimal: 16, low: 64, medium: 256, high: 1024 });
    expect(await both(request({ reasoningEffort: 'low' }))).toMatchObject({
      content: 'hello big world',
      finishReason: 'stop',
      usage: { promptTokens: 4, completionTokens: 64 + 4, totalTokens: 72, reasoningTokens: 64 },
    });
    expect(await both(request({ reasoningEffort: 'low', maxTokens: 66 }))).toMatchObject({
      content: 'hello bi',
      finishReason: 'length',
      usage: { completionTokens: 66, reasoningTokens: 64 },
    });
    expect(await both(request({ reasoningEffort: 'high', maxTokens: 10 }))).toEqual({
      content: '',
      finishReason: 'length',
      usage: { promptTokens: 4, completionTokens: 10, totalTokens: 14, reasoningTokens: 10 },
    });
    expect((await both(request({ reasoningEffort: 'none' }))).usage).toEqual({ promptTokens: 4, completionTokens: 4, totalTokens: 8 });
  });
});
