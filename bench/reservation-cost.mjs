// Cost of a call's reservation on the request path (docs/architecture.md §11, docs/api-notes.md
// "Budgets"), in-process, no database: the bound of a realistic request (a system prompt, a
// user turn with an image, a tool round, 4 tools and a json_schema response format) measured
// and priced over a purpose's two models, then drawn from a lease that covers it and settled —
// what a call pays when a budget applies and its lease has room (nearly every call). Not a
// test: prints µs. Usage: npm run build && node bench/reservation-cost.mjs
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { parseChatRequest } = require('../worker/dist/router/request/chat-request.js');
const { chatBound } = require('../worker/dist/router/budgets/estimate.js');
const { admit, priceCandidates, startingLimit } = require('../worker/dist/router/budgets/admission.js');
const { LeaseBook } = require('../worker/dist/router/budgets/lease-book.js');
const { findModel } = require('../worker/dist/router/catalog/models.js');

const schema = {
  type: 'object',
  properties: {
    order_id: { type: 'string', description: 'The order number, as printed on the receipt.' },
    include: { type: 'array', items: { type: 'string', enum: ['items', 'shipment', 'payments', 'notes'] } },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' }, postcode: { type: 'string' } },
      required: ['street', 'city', 'postcode'],
      additionalProperties: false,
    },
  },
  required: ['order_id', 'include', 'address'],
  additionalProperties: false,
};
const tool = (index) => ({
  type: 'function',
  function: { name: `tool_${index}`, description: 'Looks up an order, or changes its delivery address.', strict: true, parameters: schema },
});
const raw = {
  model: 'openai/gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You answer customer questions about orders, briefly and politely. '.repeat(4) },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Where is my order 12345? This is the label on the parcel I got instead.' },
        { type: 'image_url', image_url: { url: 'https://images.example/label.jpg', detail: 'auto' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'tool_0', arguments: '{"order_id":"12345"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"status":"in transit","carrier":"DHL","eta":"2026-11-30"}' },
    { role: 'user', content: 'Please send it to my office instead.' },
  ],
  tools: [0, 1, 2, 3].map(tool),
  response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema } },
};
const request = parseChatRequest(raw);
const candidates = [findModel('openai/gpt-4o-mini'), findModel('anthropic/claude-haiku-4-5')];
const prices = {
  priceFor: (id) => ({
    inputPerMtok: id.startsWith('openai') ? 0.15 : 1,
    outputPerMtok: id.startsWith('openai') ? 0.6 : 5,
    cacheReadPerMtok: 0,
    cacheWritePerMtok: 0,
    currency: 'USD',
  }),
};

// A lease book whose ledger grants a large lease once: every measured draw is served from memory.
const ledger = {
  grant: async () => ({ granted: 10n ** 14n, window: { spent: '0', reserved: '0', amount: '1000000' }, gone: false }),
  flush: async () => true,
  renew: async () => true,
  giveBack: async () => undefined,
};
const book = new LeaseBook(
  ledger,
  { crossed: async () => false, committed: () => undefined },
  { warn() {}, error() {}, info() {} },
  60_000,
);
const now = new Date();
const budget = {
  id: 'bgt_01BENCHRESERVATION000000000',
  scopeKind: 'key',
  scopeValue: 'key_x',
  scopeSite: null,
  period: 'day',
  amount: '1000000.00000000',
  hard: true,
  role: 'limit',
  source: null,
  alertUrl: null,
  createdAt: now,
  updatedAt: now,
};
await book.draw([budget], 1n, now);

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

const reserve = () => {
  const bound = chatBound(request, candidates);
  const priced = priceCandidates(prices, bound, true);
  const admitted = admit(book, [budget], priced, startingLimit(bound), true, now);
  book.settle(admitted.draws, 1000n);
};
console.log(`request: ${JSON.stringify(raw).length} bytes of JSON, 4 tools, a json_schema, one image; two candidate models`);
measure('the bound’s measure of what is sent (its tools and schema serialised)', 50000, () => chatBound(request, candidates).measure());
measure('the measure and both candidates priced', 50000, () => priceCandidates(prices, chatBound(request, candidates), true));
measure('the whole reservation: bound, prices, draw from the lease, settle', 50000, reserve);
await book.returnAll();
