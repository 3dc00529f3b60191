// Cost of the nesting limits (docs/api-notes.md, "Nesting limits") on the request path,
// in-process: the chat validator over a realistic tool-heavy request, and the nesting walk
// alone over the same request's schemas and metadata (the work the limits added). Not a test:
// prints µs. Usage: npm run build && node bench/request-validation-micro.mjs
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { parseChatRequest } = require('../worker/dist/router/request/chat-request.js');
const { nestingProblem } = require('../worker/dist/router/request/nesting.js');
const { readResponsesFields, toChatRequest } = require('../worker/dist/router/responses/request.js');

/** A tool as agents send them: an object of a few typed properties, one nested object, an enum, a list. */
const tool = (index) => ({
  type: 'function',
  function: {
    name: `tool_${index}`,
    description: 'Looks up an order and its shipment, or changes its delivery address.',
    strict: true,
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string', description: 'The order number, as printed on the receipt.' },
        include: { type: 'array', items: { type: 'string', enum: ['items', 'shipment', 'payments', 'notes'] } },
        address: {
          type: 'object',
          properties: {
            street: { type: 'string' },
            city: { type: 'string' },
            postcode: { type: 'string' },
            country: { type: 'string', enum: ['DE', 'FR', 'NL', 'GB'] },
          },
          required: ['street', 'city', 'postcode', 'country'],
          additionalProperties: false,
        },
        urgent: { type: ['boolean', 'null'] },
      },
      required: ['order_id', 'include', 'address', 'urgent'],
      additionalProperties: false,
    },
  },
});

const TOOLS = 20;
const chat = {
  model: 'openai/gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You answer customer questions about orders, briefly and politely.' },
    { role: 'user', content: 'Where is my order 12345? It was due yesterday.' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'tool_0', arguments: '{"order_id":"12345"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"status":"in transit"}' },
    { role: 'user', content: 'Please send it to my office instead.' },
  ],
  tools: Array.from({ length: TOOLS }, (_unused, index) => tool(index)),
  tool_choice: 'auto',
  response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: tool(0).function.parameters } },
  temperature: 0,
  metadata: { team: 'support', campaign: 'spring', user: 'u-1' },
};
const responses = {
  model: 'openai/gpt-4o-mini',
  input: [{ role: 'user', content: [{ type: 'input_text', text: 'Where is my order 12345?' }] }],
  tools: chat.tools.map(({ function: spec }) => ({ type: 'function', ...spec })),
  text: { format: { type: 'json_schema', name: 'answer', strict: true, schema: tool(0).function.parameters } },
  metadata: chat.metadata,
};

function countValues(value) {
  if (typeof value !== 'object' || value === null) return 1;
  return 1 + Object.values(value).reduce((sum, item) => sum + countValues(item), 0);
}

function measure(name, iterations, body) {
  for (let index = 0; index < 5000; index += 1) body();
  const rounds = [];
  for (let round = 0; round < 5; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index += 1) body();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e3 / iterations);
  }
  rounds.sort((a, b) => a - b);
  console.log(`${name.padEnd(72)} ${rounds[2].toFixed(2)} µs/call (median of 5 rounds)`);
}

const walked = [...chat.tools.map((item) => item.function.parameters), chat.response_format.json_schema.schema, chat.metadata];
console.log(
  `chat request: ${TOOLS} tools, ${walked.reduce((sum, value) => sum + countValues(value), 0)} JSON values under the nesting limits, ${JSON.stringify(chat).length} bytes`,
);
measure('parseChatRequest (the whole chat validator)', 20000, () => parseChatRequest(chat));
measure('nestingProblem over its tool schemas, response schema and metadata', 20000, () => walked.forEach(nestingProblem));
measure('Responses: readResponsesFields + toChatRequest', 20000, () => toChatRequest(responses, readResponsesFields(responses), []));
