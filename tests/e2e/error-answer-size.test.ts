import { bearer, call, LANES, type JsonAnswer, type Lane } from '../support/lanes';
import { createKey } from '../support/hub-cli';
import { libraryAdmin, templatePack } from '../support/library-admin';

/**
 * Issue 11, finding 2: a 1 MB body once made a 26 MB error answer (every bad element named in
 * `data.params` and again in the message). Whatever the input, an error answer stays under
 * 8 KiB and names at most 10 bad fields (docs/api-notes.md, "Errors").
 */
const MAX_ANSWER_BYTES = 8 * 1024;
const MAX_NAMED = 10;
const CHAT = '/wp-json/llm/router/v1/chat';

function expectBoundedRefusal(answer: JsonAnswer): void {
  expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
  expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ANSWER_BYTES);
  expect(Object.keys(answer.body.data.params).length).toBeGreaterThan(0);
  expect(Object.keys(answer.body.data.params).length).toBeLessThanOrEqual(MAX_NAMED);
}

describe.each(LANES)('error answers stay small via %s', (lane: Lane) => {
  const key = createKey(['llm.chat']);
  const chat = (body: string) =>
    call(lane, CHAT, { method: 'POST', headers: { ...bearer(key.key), 'Content-Type': 'application/json' }, body });

  it('answers ~1 MB of messages: [0, 0, …] with one bounded svc_invalid_request', async () => {
    const prefix = '{"model":"mock/echo","messages":[';
    const count = Math.floor((990 * 1024 - prefix.length) / 2);
    const body = `${prefix}${new Array(count).fill('0').join(',')}]}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(980 * 1024);
    const answer = await chat(body);
    expectBoundedRefusal(answer);
    expect(answer.body.data.params).toEqual({ messages: 'must hold at most 1000 messages' });
  });

  it('names at most 10 of 1,000 bad messages and counts the rest', async () => {
    const answer = await chat(JSON.stringify({ model: 'mock/echo', messages: new Array(1000).fill({ role: 'robot', content: 'x' }) }));
    expectBoundedRefusal(answer);
    expect(Object.keys(answer.body.data.params)).toHaveLength(MAX_NAMED);
    expect(answer.body.data.params_omitted).toBe(990);
    expect(answer.body.message).toMatch(/ and 990 more\.$/);
  });

  it('answers 10,000 bad messages (a list over the limit) without naming them', async () => {
    const answer = await chat(JSON.stringify({ model: 'mock/echo', messages: new Array(10_000).fill({ role: 1 }) }));
    expectBoundedRefusal(answer);
    expect(Object.keys(answer.body.data.params)).toEqual(['messages']);
  });

  it('refuses a huge string where a short one is expected, without echoing it', async () => {
    const answer = await chat(JSON.stringify({ purpose: 'p'.repeat(900 * 1024), messages: [{ role: 'user', content: 'hi' }] }));
    expectBoundedRefusal(answer);
    expect(answer.body.data.params).toEqual({ purpose: expect.any(String) });
    expect(answer.text).not.toContain('p'.repeat(200));
  });

  it('answers a library pack with 10,000 bad file names and a huge key name with a bounded refusal', async () => {
    const pack = templatePack([{ slug: 'bounded-errors' }]);
    const files = pack.files as Record<string, string>;
    for (let index = 0; index < 10_000; index += 1) files[`Bad Name ${index}.png`] = '<svg/>';
    files[`K${'k'.repeat(500 * 1024)}`] = '<svg/>';
    const answer = await libraryAdmin(lane, 'POST', '/import', pack);
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(Object.keys(answer.body.data.params)).toEqual(['files']);
    expect(answer.text).not.toContain('k'.repeat(200));
  });
});
