import { randomUUID } from 'node:crypto';
import { emulator } from '../support/emulator';
import { createKey, hub } from '../support/hub-cli';
import { bearer, call, LANES, type Lane } from '../support/lanes';
import { usageRows } from '../support/usage-rows';

const ROUTER = '/wp-json/llm/router/v1';
const DEPTH_LIMIT = 64;
const DEEP = `must be nested at most ${DEPTH_LIMIT} levels deep (objects and arrays)`;

/**
 * A JSON Schema exactly `levels` JSON levels deep, as JSON text, nesting as real schemas do:
 * {"type": "object", "properties": {"a": …}} (text: JSON.stringify itself overflows a few
 * thousand levels down).
 */
function schema(levels: number): string {
  const wraps = Math.floor((levels - 1) / 2);
  const leaf = levels % 2 === 1 ? '{"type":"string"}' : '{"type":"array","items":{"type":"string"}}';
  return '{"type":"object","properties":{"a":'.repeat(wraps) + leaf + '}}'.repeat(wraps);
}

/** The body as JSON text, the schema in place of SCHEMA. */
const SCHEMA = '__schema__';
const withSchema = (body: Record<string, unknown>, levels: number) => JSON.stringify(body).replace(`"${SCHEMA}"`, schema(levels));

const user = [{ role: 'user', content: 'hello' }];
const chatTool = [{ type: 'function', function: { name: 'lookup', parameters: SCHEMA } }];
const chatFormat = { type: 'json_schema', json_schema: { name: 'answer', schema: SCHEMA } };
const model = 'openai/gpt-4o-mini';

/** Each way a client's deep JSON reaches the router, with the field the 400 must name. */
const CASES: Array<[name: string, path: string, body: Record<string, unknown>, field: string]> = [
  [
    'chat/completions tools[].function.parameters',
    '/chat/completions',
    { model, messages: user, tools: chatTool },
    'tools[0].function.parameters',
  ],
  ['chat response_format schema', '/chat', { model, messages: user, response_format: chatFormat }, 'response_format.json_schema.schema'],
  ['chat/stream tools[].function.parameters', '/chat/stream', { model, messages: user, tools: chatTool }, 'tools[0].function.parameters'],
  ['chat metadata', '/chat/completions', { model, messages: user, metadata: { team: 'e2e', trace: SCHEMA } }, 'metadata'],
  [
    'responses tools[].parameters',
    '/responses',
    { model, input: 'hello', tools: [{ type: 'function', name: 'lookup', parameters: SCHEMA }] },
    'tools[0].parameters',
  ],
  [
    'responses text.format.schema',
    '/responses',
    { model, input: 'hello', text: { format: { type: 'json_schema', name: 'answer', schema: SCHEMA } } },
    'text.format.schema',
  ],
  ['responses streamed metadata', '/responses', { model, input: 'hello', stream: true, metadata: { trace: SCHEMA } }, 'metadata'],
  [
    'responses input content part',
    '/responses',
    { model, input: [{ role: 'user', content: [{ type: 'input_text', text: 'hello', trace: SCHEMA }] }] },
    'input[0].content[0]',
  ],
];

/**
 * Deep JSON in a request ("Hostile input, round 2", item 5; docs/api-notes.md "Nesting limits"):
 * a schema, metadata or echoed field nested past 64 levels is refused with 400 naming the field
 * on both lanes, before any provider call, budget reservation or usage row — it used to be
 * answered (and billed), or overflow the stack into a 500 after the call when nested a few
 * thousand levels. The key has a response-cache policy, so a request that got through would
 * be hashed by the cache's canonical JSON.
 */
describe('deep JSON in LLM requests', () => {
  const key = createKey(['llm.chat']);
  const send = (lane: Lane, path: string, body: string, requestId: string) =>
    call(lane, ROUTER + path, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body,
    });

  beforeAll(() => {
    hub('key', 'rate-limit', key.id, '10000');
    hub('cache', 'set', 'key', key.id, '--ttl', '600', '--any-temperature', 'on');
  });

  beforeEach(async () => {
    await emulator().reset();
  });

  /** No usage row for any of `requestIds`, after the batched writes of anything that did run. */
  async function expectNoUsage(requestIds: string[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await usageRows(requestIds)).toEqual([]);
  }

  it.each(LANES)('refuses each field nested 65 and 200 levels with 400 naming it, no call and no usage row (%s)', async (lane) => {
    const requestIds: string[] = [];
    for (const levels of [DEPTH_LIMIT + 1, 200]) {
      for (const [name, path, body, field] of CASES) {
        const requestId = `deep-${randomUUID()}`;
        requestIds.push(requestId);
        const answer = await send(lane, path, withSchema(body, levels), requestId);
        expect([name, levels, answer.status, answer.body?.code, answer.body?.data]).toEqual([
          name,
          levels,
          400,
          'svc_invalid_request',
          { status: 400, params: { [field]: DEEP } },
        ]);
      }
    }
    expect(await emulator().requests()).toEqual([]);
    await expectNoUsage(requestIds);
  });

  it('refuses a schema 5,000 levels deep straight to the worker with 400, never a 500 after the call', async () => {
    const requestIds: string[] = [];
    for (const [name, path, body, field] of CASES) {
      const requestId = `deep-${randomUUID()}`;
      requestIds.push(requestId);
      const answer = await send('direct', path, withSchema(body, 5000), requestId);
      expect([name, answer.status, answer.body?.data?.params]).toEqual([name, 400, { [field]: DEEP }]);
    }
    expect(await emulator().requests()).toEqual([]);
    await expectNoUsage(requestIds);
  });

  it.each(LANES)('answers a tool schema and a response schema 64 levels deep (%s)', async (lane) => {
    // The content differs per lane: the same request on the other lane would be a cache hit.
    const messages = [{ role: 'user', content: `hello from ${lane}` }];
    const tools = await send(
      lane,
      '/chat/completions',
      withSchema({ model, messages, tools: chatTool }, DEPTH_LIMIT),
      `deep-${randomUUID()}`,
    );
    expect([tools.status, tools.body?.object]).toEqual([200, 'chat.completion']);
    const responseBody = { model, input: `hello from ${lane}`, text: { format: { type: 'json_schema', name: 'answer', schema: SCHEMA } } };
    const format = await send(lane, '/responses', withSchema(responseBody, DEPTH_LIMIT), `deep-${randomUUID()}`);
    expect([format.status, format.body?.object]).toEqual([200, 'response']);
    expect(await emulator().requests()).toHaveLength(2);
  });
});
