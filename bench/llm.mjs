// The LLM router benchmarks: blocking chat at concurrency 1 (interleaved) and 100 (one target
// at a time), time to first token of a stream, and many open streams at once — every target
// against the same provider emulator (tests/emulators), through keep-alive undici dispatchers.
import { setMaxListeners } from 'node:events';
import { Agent, request } from 'undici';
import { summarize } from './measure.mjs';

export const PROMPT = 'Say hello in five words';
const EXPECTED_REPLY = `Echo: ${PROMPT}`;
const REQUEST_TIMEOUT_MS = 30_000;

/** A keep-alive dispatcher with up to `connections` connections per origin; bounded waits. */
export const keepAliveAgent = (connections) =>
  new Agent({ connections, keepAliveTimeout: 30_000, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });

/**
 * The four targets, each a POST of one short chat to `openai/gpt-4o-mini` (the emulator and
 * Portkey take the provider's own model name). `inFlight`: how many requests it can serve at
 * once (php -S: one per worker process).
 */
export function chatTargets({ emulator, reference, portkey, stack, key }) {
  const json = { 'content-type': 'application/json' };
  const hub = { ...json, authorization: `Bearer ${key}` };
  const upstream = { ...json, authorization: `Bearer ${emulator.keys.openai}` };
  return [
    {
      id: 'emulator',
      name: 'emulator, called directly',
      url: `${emulator.url}/openai/v1/chat/completions`,
      headers: upstream,
      model: 'gpt-4o-mini',
    },
    // Blocking only: it collects whole answers, so it has no time to first token of its own.
    {
      id: 'reference',
      name: 'reference proxy (30 lines, no gateway work)',
      url: `${reference.url}/v1/chat/completions`,
      headers: json,
      model: 'openai/gpt-4o-mini',
      blockingOnly: true,
    },
    {
      id: 'portkey',
      name: `Portkey gateway ${portkey.version}`,
      url: `${portkey.url}/v1/chat/completions`,
      headers: { ...upstream, 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${emulator.url}/openai/v1` },
      model: 'gpt-4o-mini',
    },
    {
      id: 'direct',
      name: 'svc-hub direct lane',
      url: `${stack.workerUrl}/wp-json/llm/router/v1/chat/completions`,
      headers: hub,
      model: 'openai/gpt-4o-mini',
    },
    {
      id: 'wordpress',
      name: 'svc-hub WordPress lane',
      url: `${stack.wordpressUrl}/wp-json/llm/router/v1/chat/completions`,
      headers: hub,
      model: 'openai/gpt-4o-mini',
      inFlight: stack.phpWorkers,
    },
  ];
}

const chatBody = (target, extra = {}, prompt = PROMPT) =>
  JSON.stringify({ model: target.model, messages: [{ role: 'user', content: prompt }], ...extra });

class TargetError extends Error {}

/** One blocking chat; returns milliseconds from sending to the last byte of the answer. */
export async function blockingChat(dispatcher, target) {
  const started = process.hrtime.bigint();
  const { statusCode, body } = await request(target.url, { dispatcher, method: 'POST', headers: target.headers, body: chatBody(target) });
  const text = await body.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (statusCode !== 200) throw new TargetError(`${target.name} answered ${statusCode}: ${text.slice(0, 300)}`);
  const content = JSON.parse(text).choices?.[0]?.message?.content;
  if (content !== EXPECTED_REPLY) throw new TargetError(`${target.name} answered an unexpected reply: ${text.slice(0, 300)}`);
  return ms;
}

/**
 * Runs `measure(target)` for every target in each round, `warmup` rounds discarded, then
 * `samples` rounds. The order is shuffled every round (a fixed seed, so runs are alike): no
 * target always follows the same one (a WordPress call leaves php -S and MariaDB busy for a
 * moment after its answer).
 */
export async function interleaved(targets, { warmup, samples }, measure) {
  let seed = 0x5eed;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const order = targets.map((_, index) => index);
  const times = targets.map(() => []);
  for (let round = 0; round < warmup + samples; round += 1) {
    for (let at = order.length - 1; at > 0; at -= 1) {
      const other = Math.floor(random() * (at + 1));
      [order[at], order[other]] = [order[other], order[at]];
    }
    for (const index of order) {
      const ms = await measure(targets[index]);
      if (round >= warmup) times[index].push(ms);
    }
  }
  return Object.fromEntries(targets.map((target, index) => [target.id, summarize(times[index])]));
}

/** Blocking chat at concurrency 1, the targets interleaved. */
export const interleavedChat = (dispatcher, targets, rounds) => interleaved(targets, rounds, (target) => blockingChat(dispatcher, target));

/**
 * `warmup` + `requests` blocking chats, `concurrency` of them in flight at every moment (a new
 * one as soon as one ends) in one continuous run; the first `warmup` are not measured. With
 * `staggerMs`, the lanes start spread over that time instead of all at once. Failures are
 * counted, not thrown.
 */
export async function loadChat(dispatcher, target, { concurrency, requests, warmup, staggerMs = 0 }) {
  const total = warmup + requests;
  const times = [];
  let issued = 0;
  let errors = 0;
  let firstError = null;
  let measuredFrom = null;
  const lane = async (index) => {
    if (staggerMs > 0) await new Promise((done) => setTimeout(done, (index * staggerMs) / concurrency));
    while (issued < total) {
      const measured = issued >= warmup;
      issued += 1;
      if (measured) measuredFrom ??= process.hrtime.bigint();
      try {
        const ms = await blockingChat(dispatcher, target);
        if (measured) times.push(ms);
      } catch (error) {
        if (measured) errors += 1;
        firstError ??= String(error.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, (_, index) => lane(index)));
  const seconds = Number(process.hrtime.bigint() - (measuredFrom ?? process.hrtime.bigint())) / 1e9;
  return { ...summarize(times), concurrency, errors, firstError, perSecond: requests / seconds };
}

/**
 * Reads an SSE body; calls `onDelta(text, ms)` for each `chat.completion.chunk` with non-empty
 * `delta.content`, and `onToolCall(piece, ms)` for each piece of `delta.tool_calls`. Returns { done: saw `data: [DONE]`, error: a `data: {"error":…}` event }.
 */
async function readSse(body, started, onDelta, onToolCall = () => {}) {
  let buffer = '';
  let done = false;
  let error = null;
  for await (const chunk of body) {
    const at = Number(process.hrtime.bigint() - started) / 1e6;
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const payload = line.slice(5).trim();
      if (payload === '[DONE]') {
        done = true;
        continue;
      }
      const event = JSON.parse(payload);
      if (event.error) error ??= event.error;
      const content = event.choices?.[0]?.delta?.content;
      if (typeof content === 'string' && content !== '') onDelta(content, at);
      const toolCalls = event.choices?.[0]?.delta?.tool_calls;
      if (Array.isArray(toolCalls)) for (const piece of toolCalls) onToolCall(piece, at);
    }
  }
  return { done, error };
}

/** One streamed chat: ms until the first `data:` line with content, and the reply. */
export async function streamedChat(dispatcher, target, prompt = PROMPT) {
  const started = process.hrtime.bigint();
  const { statusCode, body } = await request(target.url, {
    dispatcher,
    method: 'POST',
    headers: target.headers,
    body: chatBody(target, { stream: true }, prompt),
  });
  if (statusCode !== 200) throw new TargetError(`${target.name} answered ${statusCode} to a stream: ${(await body.text()).slice(0, 300)}`);
  const deltas = [];
  const { done, error } = await readSse(body, started, (text, at) => deltas.push({ text, at }));
  const reply = deltas.map((delta) => delta.text).join('');
  if (error || !done || reply !== `Echo: ${prompt}`) {
    throw new TargetError(`${target.name} stream: done ${done}, error ${JSON.stringify(error)}, reply ${JSON.stringify(reply)}`);
  }
  return { firstTokenMs: deltas[0].at, lastTokenMs: deltas[deltas.length - 1].at, deltas };
}

const WEATHER_TOOL = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

/**
 * One streamed tool call (the emulator calls the first tool, arguments built from its schema):
 * ms until the first `tool_calls` piece, checked to assemble into `{"city": <the prompt>}`.
 */
export async function streamedToolCall(dispatcher, target, prompt = 'Paris') {
  const started = process.hrtime.bigint();
  const { statusCode, body } = await request(target.url, {
    dispatcher,
    method: 'POST',
    headers: target.headers,
    body: chatBody(target, { stream: true, tools: WEATHER_TOOL }, prompt),
  });
  if (statusCode !== 200)
    throw new TargetError(`${target.name} answered ${statusCode} to a streamed tool call: ${(await body.text()).slice(0, 300)}`);
  const pieces = [];
  const { done, error } = await readSse(
    body,
    started,
    () => {},
    (piece, at) => pieces.push({ piece, at }),
  );
  const name = pieces.find(({ piece }) => piece.function?.name)?.piece.function.name;
  const argumentsText = pieces.map(({ piece }) => piece.function?.arguments ?? '').join('');
  let city = null;
  try {
    city = JSON.parse(argumentsText).city;
  } catch {
    city = null;
  }
  if (error || !done || name !== 'get_weather' || city !== prompt) {
    throw new TargetError(
      `${target.name} tool stream: done ${done}, error ${JSON.stringify(error)}, name ${name}, arguments ${JSON.stringify(argumentsText)}`,
    );
  }
  return { firstTokenMs: pieces[0].at };
}

/** Time to the first tool-call piece of a streamed tool call, the targets interleaved. */
export const interleavedFirstToolCall = (dispatcher, targets, rounds) =>
  interleaved(targets, rounds, async (target) => (await streamedToolCall(dispatcher, target)).firstTokenMs);

/** Time to first token, the targets interleaved. */
export const interleavedFirstToken = (dispatcher, targets, rounds) =>
  interleaved(targets, rounds, async (target) => (await streamedChat(dispatcher, target)).firstTokenMs);

async function control(emulatorUrl, path, payload) {
  const { statusCode, body } = await request(`${emulatorUrl}/_control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await body.text();
  if (statusCode >= 300) throw new Error(`emulator /_control/${path} answered ${statusCode}: ${text}`);
}

/**
 * Blocking chat with `concurrency` in flight while the emulator takes `upstreamMs` before each
 * answer (its `delayHeadersMs` behaviour, scripted for exactly these requests): 100 concurrent
 * calls the way a provider makes them concurrent — by taking time — instead of by saturating
 * the cores.
 */
export async function loadChatWithUpstreamLatency(dispatcher, emulatorUrl, target, { concurrency, requests, warmup, upstreamMs }) {
  // Each answer takes upstreamMs ± 50 % (uniform, a fixed seed: every target gets the same
  // sequence), and the lanes start spread over upstreamMs: the calls arrive steadily, as from
  // many clients, instead of in waves of 100 that start and end together.
  let seed = 0x1a7e;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const behaviours = Array.from({ length: requests + warmup }, () => ({ delayHeadersMs: Math.round(upstreamMs * (0.5 + random())) }));
  await control(emulatorUrl, 'reset');
  await control(emulatorUrl, 'script', { provider: 'openai', behaviours });
  try {
    return await loadChat(dispatcher, target, { concurrency, requests, warmup, staggerMs: upstreamMs });
  } finally {
    await control(emulatorUrl, 'reset');
  }
}

/** The next `count` OpenAI requests the emulator gets stream one delta every `intervalMs`. */
const paceOpenAi = (emulatorUrl, count, intervalMs) =>
  control(emulatorUrl, 'script', { provider: 'openai', behaviours: Array.from({ length: count }, () => ({ intervalMs })) });

/**
 * A paced stream (one delta every `intervalMs`) through `target`: when each delta arrived.
 * Tokens that pass through as they arrive spread over the stream's whole length.
 */
export async function pacedStream(dispatcher, emulatorUrl, target, { words = 10, intervalMs = 100 } = {}) {
  await paceOpenAi(emulatorUrl, 1, intervalMs);
  const prompt = Array.from({ length: words }, (_, index) => `w${index + 1}`).join(' ');
  const { deltas } = await streamedChat(dispatcher, target, prompt);
  return { arrivals: deltas.map((delta) => delta.at), intervalMs };
}

/**
 * `count` streams open at once through `target` (each: `words` + 1 deltas, one every
 * `intervalMs`), while `sampleRss()` is read every 50 ms. Each stream's prompt is unique, so
 * its deltas must come back exactly as `Echo:`, ` s<i>w01`, ` s<i>w02`, … — in order, none
 * lost, none from another stream.
 */
export async function manyOpenStreams(emulatorUrl, target, sampleRss, { count, words, intervalMs, timeoutMs }) {
  await control(emulatorUrl, 'reset');
  await paceOpenAi(emulatorUrl, count, intervalMs);
  const dispatcher = keepAliveAgent(count + 10);
  let open = 0;
  let maxOpen = 0;
  let rssAtAllOpen = null;
  let peakRss = 0;
  const sampler = setInterval(() => {
    const rss = sampleRss();
    if (rss !== null) peakRss = Math.max(peakRss, rss);
  }, 50);
  const deadline = AbortSignal.timeout(timeoutMs);
  setMaxListeners(count + 10, deadline); // one abort listener per open stream
  const one = async (index) => {
    const tag = `s${String(index).padStart(3, '0')}`;
    const expected = ['Echo:', ...Array.from({ length: words }, (_, word) => ` ${tag}w${String(word + 1).padStart(2, '0')}`)];
    const started = process.hrtime.bigint();
    const { statusCode, body } = await request(target.url, {
      dispatcher,
      method: 'POST',
      headers: target.headers,
      body: chatBody(target, { stream: true }, expected.slice(1).join('').trim()),
      signal: deadline,
    });
    if (statusCode !== 200) return { ok: false, problem: `status ${statusCode}: ${(await body.text()).slice(0, 200)}` };
    open += 1;
    if (open > maxOpen) maxOpen = open;
    if (open === count && rssAtAllOpen === null) rssAtAllOpen = sampleRss();
    const received = [];
    let outcome;
    try {
      outcome = await readSse(body, started, (text) => received.push(text));
    } finally {
      open -= 1;
    }
    const inOrder = received.length === expected.length && received.every((text, at) => text === expected[at]);
    const lost = expected.filter((text) => !received.includes(text)).length;
    const foreign = received.filter((text) => !expected.includes(text)).length;
    const ok = inOrder && outcome.done && !outcome.error;
    return {
      ok,
      received: received.length,
      lost,
      foreign,
      reordered: !inOrder && lost === 0 && foreign === 0,
      problem: ok ? null : `done ${outcome.done}, error ${JSON.stringify(outcome.error)}`,
    };
  };
  const started = Date.now();
  let results;
  try {
    results = await Promise.all(
      Array.from({ length: count }, (_, index) => one(index).catch((error) => ({ ok: false, problem: String(error.message ?? error) }))),
    );
  } finally {
    clearInterval(sampler);
    await dispatcher.close();
  }
  const failed = results.filter((result) => !result.ok);
  return {
    count,
    words,
    intervalMs,
    seconds: (Date.now() - started) / 1000,
    completed: results.length - failed.length,
    maxOpen,
    rssAtAllOpen,
    peakRss,
    deltasExpected: count * (words + 1),
    deltasReceived: results.reduce((sum, result) => sum + (result.received ?? 0), 0),
    lost: results.reduce((sum, result) => sum + (result.lost ?? 0), 0),
    foreign: results.reduce((sum, result) => sum + (result.foreign ?? 0), 0),
    reordered: results.filter((result) => result.reordered).length,
    firstProblem: failed[0]?.problem ?? null,
  };
}

export { control as emulatorControl };
