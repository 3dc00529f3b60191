/**
 * Byte streams → messages. Server-sent events go through eventsource-parser (never a regex):
 * it handles events split across chunks, CRLF, multi-line data and comment lines such as
 * `: OPENROUTER PROCESSING` or `: keep-alive`, which are dropped. Ollama's NDJSON is read a
 * line at a time.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One server-sent event: its `event:` name when the server gave one, and its data. */
export interface ServerSentEvent {
  event?: string;
  data: string;
}

/** Yields the events of an SSE body as they arrive; comments and retry fields are skipped. */
export async function* serverSentEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const pending: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => pending.push({ event: message.event, data: message.data }),
  });
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (pending.length > 0) yield pending.shift()!;
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  while (pending.length > 0) yield pending.shift()!;
}

/** Yields the non-empty lines of a newline-delimited body (NDJSON), the last one even without a newline. */
export async function* jsonLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line !== '') yield line;
      newline = buffer.indexOf('\n');
    }
  }
  const last = (buffer + decoder.decode()).trim();
  if (last !== '') yield last;
}
