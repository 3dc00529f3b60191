import { jsonLines, serverSentEvents } from './sse';
import { collect } from '../__fixtures__/fixture-server';

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('serverSentEvents', () => {
  const wire =
    ': OPENROUTER PROCESSING\n\nevent: content_block_delta\r\ndata: {"text":"héllo"}\r\n\r\n: keep-alive\n\ndata: line one\ndata: line two\n\ndata: [DONE]\n\n';
  const expected = [
    { event: 'content_block_delta', data: '{"text":"héllo"}' },
    { event: undefined, data: 'line one\nline two' },
    { event: undefined, data: '[DONE]' },
  ];

  it('skips comments and reads named, CRLF and multi-line events', async () => {
    expect(await collect(serverSentEvents(pieces(wire, 1000)))).toEqual(expected);
  });

  it('gives the same events when every byte arrives alone (split UTF-8 included)', async () => {
    expect(await collect(serverSentEvents(pieces(wire, 1)))).toEqual(expected);
  });
});

describe('jsonLines', () => {
  it('yields complete lines across chunk boundaries, blank lines dropped, the last without a newline', async () => {
    const text = '{"a":1}\n\n{"b":"ü"}\r\n{"c":3}';
    expect(await collect(jsonLines(pieces(text, 3)))).toEqual(['{"a":1}', '{"b":"ü"}', '{"c":3}']);
  });
});
