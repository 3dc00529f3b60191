// The Anthropic Messages API's time to first token beside chat's (docs/api-notes.md "Anthropic
// Messages API"): the same upstream (the emulator's OpenAI, `openai/gpt-4o-mini`) and the same
// prompt through POST /messages (Anthropic's SSE events, the key in x-api-key) and through
// /chat/completions, on both lanes, interleaved.
import { request } from 'undici';
import { interleaved, PROMPT, streamedChat } from './llm.mjs';
import { format } from './measure.mjs';

const MESSAGES_PATH = '/wp-json/llm/router/v1/messages';

/** The Messages route on each lane, keyed by the id of the chat target it sits beside. */
export function messagesTargets({ stack, key }) {
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' };
  return [
    {
      id: 'direct-messages',
      name: 'svc-hub direct lane, POST /messages',
      url: `${stack.workerUrl}${MESSAGES_PATH}`,
      headers,
      messages: true,
    },
    {
      id: 'wordpress-messages',
      name: 'svc-hub WordPress lane, POST /messages',
      url: `${stack.wordpressUrl}${MESSAGES_PATH}`,
      headers,
      messages: true,
    },
  ];
}

/** One streamed Messages call: ms until the first `text_delta`, the reply and `message_stop` checked. */
export async function streamedMessage(dispatcher, target, prompt = PROMPT) {
  const started = process.hrtime.bigint();
  const body = JSON.stringify({
    model: 'openai/gpt-4o-mini',
    max_tokens: 256,
    stream: true,
    messages: [{ role: 'user', content: prompt }],
  });
  const { statusCode, body: answer } = await request(target.url, { dispatcher, method: 'POST', headers: target.headers, body });
  if (statusCode !== 200) throw new Error(`${target.name} answered ${statusCode}: ${(await answer.text()).slice(0, 300)}`);
  let buffer = '';
  let first = null;
  let text = '';
  let stopped = false;
  for await (const chunk of answer) {
    const at = Number(process.hrtime.bigint() - started) / 1e6;
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const event = JSON.parse(line.slice(5));
      if (event.type === 'message_stop') stopped = true;
      if (event.type === 'error') throw new Error(`${target.name} stream error: ${JSON.stringify(event.error)}`);
      if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta' && event.delta.text !== '') {
        first ??= at;
        text += event.delta.text;
      }
    }
  }
  if (!stopped || text !== `Echo: ${prompt}`) throw new Error(`${target.name} stream: stopped ${stopped}, reply ${JSON.stringify(text)}`);
  return { firstTokenMs: first };
}

/** Time to first token of chat and Messages streams, the targets interleaved. */
export const interleavedMessagesFirstToken = (dispatcher, targets, rounds) =>
  interleaved(targets, rounds, async (target) =>
    target.messages ? (await streamedMessage(dispatcher, target)).firstTokenMs : (await streamedChat(dispatcher, target)).firstTokenMs,
  );

/** The report's lines (the "Time to first token" section). */
export function messagesLines(settings, figures, name) {
  if (!figures) return [];
  const rows = [
    ['direct', 'direct-messages'],
    ['wordpress', 'wordpress-messages'],
  ].flatMap(([chat, messages]) => [
    `| ${name[chat]}, \`/chat/completions\` | ${format(figures[chat].p50)} | ${format(figures[chat].p90)} | ${format(figures[chat].p99)} |`,
    `| ${name[chat]}, \`/messages\` | ${format(figures[messages].p50)} | ${format(figures[messages].p90)} | ${format(figures[messages].p99)} |`,
  ]);
  return [
    `The Anthropic Messages API beside chat (${settings.firstTokenSamples} streams per route, interleaved; the same upstream and prompt): ` +
      'time to the first `text_delta` of `POST /messages` (the key in `x-api-key`) and to the first content chunk of `/chat/completions`.',
    '',
    '| route | p50 ms | p90 ms | p99 ms |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}
