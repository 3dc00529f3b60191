// Closed-loop load for `npm run bench -- scale`: `concurrency` callers, each sending the next
// blocking chat as soon as the last one is answered, for `durationMs`. Every call carries its
// own X-Request-Id (`<prefix>-<n>`), so its usage row can be found; every answer is kept
// (time, status, error code) for the phases that look at what happened when.
import { Agent, request } from 'undici';

export const CHAT_PATH = '/wp-json/llm/router/v1/chat/completions';
const REQUEST_TIMEOUT_MS = 15_000;
export const PROMPT = 'Say hello in five words';

export const clientAgent = (connections) =>
  new Agent({ connections, keepAliveTimeout: 30_000, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });

/** One blocking chat (mock/echo answers at once, mock/slow after 100 ms per word), `extra` fields added to its body; resolves to { status, code } (status 0: no HTTP answer). */
export async function chat(dispatcher, baseUrl, key, requestId, model = 'mock/echo', extra = {}) {
  try {
    const { statusCode, body } = await request(`${baseUrl}${CHAT_PATH}`, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-request-id': requestId },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: PROMPT }], ...extra }),
    });
    const text = await body.text();
    if (statusCode === 200) return { status: 200, code: null };
    let code = null;
    try {
      code = JSON.parse(text).code ?? null;
    } catch {
      code = 'not_json';
    }
    return { status: statusCode, code };
  } catch (error) {
    return { status: 0, code: error.code ?? error.name ?? 'error' };
  }
}

/**
 * Runs the load: it stops once `durationMs` has passed and `until()` (if given) is true, or at
 * `maxMs`. `onAnswer(record)` sees each answer as it comes; caller `index` asks `modelOf(index)`.
 */
export async function runLoad(
  dispatcher,
  baseUrl,
  key,
  { concurrency, durationMs, prefix, until = null, maxMs = durationMs, onAnswer = null, modelOf = () => 'mock/echo', extra = {} },
) {
  const started = performance.now();
  const answers = [];
  let sequence = 0;
  const done = () => {
    const elapsed = performance.now() - started;
    if (elapsed >= maxMs) return true;
    return elapsed >= durationMs && (until === null || until());
  };
  const caller = async (index) => {
    while (!done()) {
      const id = `${prefix}-${sequence++}`;
      const sent = performance.now() - started;
      const answer = await chat(dispatcher, baseUrl, key, id, modelOf(index), extra);
      const record = { id, sent, at: performance.now() - started, ...answer };
      answers.push(record);
      onAnswer?.(record);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => caller(index)));
  const seconds = (performance.now() - started) / 1000;
  return { answers, seconds, startedAt: started };
}

/** Answers counted by status (and error code). */
export function tally(answers) {
  const counts = {};
  for (const answer of answers) {
    const label = answer.status === 200 ? '200' : `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
