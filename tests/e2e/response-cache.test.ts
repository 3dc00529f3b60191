import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { eventually, queryStack } from '../support/database-query';
import { emulator } from '../support/emulator';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { baseUrl, bearer, call, type Lane } from '../support/lanes';
import { ROUTER, setPurpose } from '../support/router-client';
import { teamScope } from '../../worker/src/router/response-cache/response-cache';

const COMPLETIONS = `${ROUTER}/chat/completions`;

/** A key of another team (createKey's keys are all of team e2e), on a new site or on `siteUrl`. */
function keyOfTeam(team: string, siteUrl = `https://site-${randomUUID().slice(0, 8)}.example`): TestKey {
  const lines = hub('key', 'create', '--site', siteUrl, '--team', team, '--scope', 'client', '--name', 'e2e');
  hub('entitlement', 'grant', '--site', siteUrl, '--features', 'llm.chat');
  return { id: /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!, key: lines[lines.length - 1]!, webhookSecret: '', siteUrl };
}

function ask(lane: Lane, key: TestKey, body: Record<string, unknown>, requestId = randomUUID()) {
  return call(lane, COMPLETIONS, {
    method: 'POST',
    headers: { ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body: JSON.stringify(body),
  });
}

/** Workers read policies every few seconds: waits until this key's calls are under the new policy (a probe that is not cached itself). */
async function policyInForce(key: TestKey, target: Record<string, unknown>): Promise<void> {
  const probe = { ...target, messages: [{ role: 'user', content: `probe ${randomUUID()}` }], temperature: 0 };
  const answer = await eventually(
    () => ask('direct', key, probe),
    (result) => result.headers.get('x-svc-cache') !== null,
  );
  expect(answer.headers.get('x-svc-cache')).toBe('miss');
}

/** Cache entries stored for a scope (stores happen after the answer, off the request path). */
const entries = async (scope: string) =>
  Number((await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_cache_entries WHERE scope = ?', [scope]))[0]!.n);
const storedIn = (scope: string, count: number) =>
  eventually(
    () => entries(scope),
    (found) => found >= count,
  );

async function usageRow(requestId: string) {
  const rows = await eventually(
    () => queryStack('SELECT * FROM {prefix}svc_usage WHERE request_id = ?', [requestId]),
    (found) => found[0]?.status !== undefined && found[0].status !== 'open',
  );
  return rows[0]!;
}

const chatRequests = async () => (await emulator().requests()).filter((request) => request.provider === 'openai').length;

/** The response cache (docs/architecture.md §11, docs/api-notes.md "Response cache"): opt-in, scoped, TTL, hits at cost 0. */
describe('the response cache', () => {
  beforeEach(() => emulator().reset());

  it('answers a repeated temperature-0 request from the cache on both lanes, at cost 0 with cache_hit, marked X-Svc-Cache', async () => {
    const key = createKey(['llm.chat']);
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    await policyInForce(key, { model: 'openai/gpt-4o-mini' });
    const body = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `cache me ${randomUUID()}` }], temperature: 0 };
    await emulator().reset();
    const firstId = randomUUID();
    const first = await ask('direct', key, body, firstId);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-svc-cache')).toBe('miss');
    await storedIn(`key:${key.id}`, 2); // the probe's and this one
    for (const lane of ['direct', 'wordpress'] as const) {
      const id = randomUUID();
      const hit = await ask(lane, key, body, id);
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-svc-cache')).toBe('hit');
      expect(hit.body.choices[0].message.content).toBe(first.body.choices[0].message.content);
      expect(hit.body.usage).toEqual(first.body.usage);
      expect(hit.body.router.cost.amount).toBe('0.00000000');
      expect(await usageRow(id)).toMatchObject({
        status: 'ok',
        cache_hit: 1,
        cost: '0.00000000',
        model: 'openai/gpt-4o-mini',
        prompt_tokens: first.body.usage.prompt_tokens,
      });
    }
    expect(await chatRequests()).toBe(1);
    const missRow = await usageRow(firstId);
    expect(missRow.cache_hit).toBe(0);
    expect(Number(missRow.cost)).toBeGreaterThan(0);
  });

  it('does not cache a request without temperature 0 (or a seed) unless the policy allows any temperature', async () => {
    const key = createKey(['llm.chat']);
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    await policyInForce(key, { model: 'openai/gpt-4o-mini' });
    await emulator().reset();
    const warm = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `warm ${randomUUID()}` }], temperature: 0.7 };
    for (let index = 0; index < 2; index += 1) expect((await ask('direct', key, warm)).headers.get('x-svc-cache')).toBe('bypass');
    expect(await chatRequests()).toBe(2);
    expect(await entries(`key:${key.id}`)).toBe(1); // the probe's only

    hub('cache', 'set', 'key', key.id, '--ttl', '600', '--any-temperature', 'on');
    const first = await eventually(
      () => ask('direct', key, warm),
      (answer) => answer.headers.get('x-svc-cache') === 'miss',
    );
    expect(first.headers.get('x-svc-cache')).toBe('miss');
    await storedIn(`key:${key.id}`, 2);
    expect((await ask('direct', key, warm)).headers.get('x-svc-cache')).toBe('hit');
  });

  it('keeps a key-scoped cache to the key, a team-scoped one to the team within its site: another team, or the same team name on another site, misses', async () => {
    const purpose = `cache-${randomUUID().slice(0, 8)}`;
    const first = createKey(['llm.chat']);
    const teammate = keyOfTeam('e2e', first.siteUrl);
    const stranger = keyOfTeam(`other-${randomUUID().slice(0, 6)}`);
    // Another customer's site whose key also says team e2e (issue 27: it got site a's answer at cost 0).
    const namesake = createKey(['llm.chat']);
    await setPurpose(first.key, purpose, ['openai/gpt-4o-mini']);
    hub('cache', 'set', 'purpose', purpose, '--ttl', '600', '--scope', 'key');
    await policyInForce(first, { purpose });
    await policyInForce(teammate, { purpose });
    const body = { purpose, messages: [{ role: 'user', content: `scoped ${randomUUID()}` }], temperature: 0 };
    expect((await ask('direct', first, body)).headers.get('x-svc-cache')).toBe('miss');
    await storedIn(`key:${first.id}`, 2);
    expect((await ask('direct', teammate, body)).headers.get('x-svc-cache')).toBe('miss'); // scope key: the teammate has its own

    hub('cache', 'set', 'purpose', purpose, '--ttl', '600', '--scope', 'team');
    const teamBody = { ...body, messages: [{ role: 'user', content: `team ${randomUUID()}` }] };
    // wait until the team policy is in force: the teammate's probe lands in the team scope
    await eventually(
      async () => {
        await ask('direct', teammate, { purpose, messages: [{ role: 'user', content: `team probe ${randomUUID()}` }], temperature: 0 });
        return entries(teamScope(first.siteUrl, 'e2e'));
      },
      (count) => count > 0,
    );
    expect((await ask('direct', first, teamBody)).headers.get('x-svc-cache')).toBe('miss');
    await eventually(
      async () => (await ask('direct', teammate, teamBody)).headers.get('x-svc-cache'),
      (value) => value === 'hit',
    );
    expect((await ask('direct', teammate, teamBody)).headers.get('x-svc-cache')).toBe('hit');
    const strangerAnswer = await ask('direct', stranger, teamBody);
    expect(strangerAnswer.status).toBe(200);
    expect(strangerAnswer.headers.get('x-svc-cache')).toBe('miss');
    const namesakeAnswer = await ask('direct', namesake, teamBody);
    expect(namesakeAnswer.status).toBe(200);
    expect(namesakeAnswer.headers.get('x-svc-cache')).toBe('miss');
    expect(Number(namesakeAnswer.body.router.cost.amount)).toBeGreaterThan(0);
    expect(await entries('team:e2e')).toBe(0);
  });

  it('misses once the entry is past its TTL, and the purge deletes it', async () => {
    const key = createKey(['llm.chat']);
    hub('cache', 'set', 'key', key.id, '--ttl', '1');
    await policyInForce(key, { model: 'openai/gpt-4o-mini' });
    const body = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `short-lived ${randomUUID()}` }], temperature: 0 };
    // The probe's answer is stored after it was answered (and, expired, may be purged any
    // minute): count only what is stored from here on, by the database's own clock.
    await storedIn(`key:${key.id}`, 1);
    const since = (await queryStack('SELECT UTC_TIMESTAMP(3) AS now'))[0]!.now as Date;
    const storedSince = async () =>
      Number(
        (
          await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_cache_entries WHERE scope = ? AND created_at >= ?', [
            `key:${key.id}`,
            since,
          ])
        )[0]!.n,
      );
    expect((await ask('direct', key, body)).headers.get('x-svc-cache')).toBe('miss');
    expect(await eventually(storedSince, (stored) => stored >= 1)).toBe(1);
    const expired = async () =>
      Number(
        (
          await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_cache_entries WHERE scope = ? AND expires_at > UTC_TIMESTAMP(3)', [
            `key:${key.id}`,
          ])
        )[0]!.n,
      );
    expect(await eventually(expired, (live) => live === 0)).toBe(0);
    expect((await ask('direct', key, body)).headers.get('x-svc-cache')).toBe('miss');
    const now = (await queryStack('SELECT UTC_TIMESTAMP(3) AS now'))[0]!.now as Date;
    const services = hubServices();
    try {
      await services.router.responseCache.entries.purge();
    } finally {
      await services.database.close();
    }
    const left = await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_cache_entries WHERE expires_at <= ?', [now]);
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('replays a cached answer as a stream the OpenAI SDK reads like any other, and a streamed answer serves a blocking hit', async () => {
    const key = createKey(['llm.chat']);
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    await policyInForce(key, { model: 'openai/gpt-4o-mini' });
    const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl('direct')}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
    const messages = [{ role: 'user' as const, content: `stream me please ${randomUUID()}` }];
    const read = async () => {
      const { data, response } = await client.chat.completions
        .create({ model: 'openai/gpt-4o-mini', messages, temperature: 0, stream: true })
        .withResponse();
      const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
      for await (const chunk of data) chunks.push(chunk);
      return {
        header: response.headers.get('x-svc-cache'),
        chunks,
        text: chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''),
      };
    };
    const miss = await read();
    expect(miss.header).toBe('miss');
    await storedIn(`key:${key.id}`, 2);
    const hit = await read();
    expect(hit.header).toBe('hit');
    expect(hit.text).toBe(miss.text);
    expect(hit.text).toContain('stream me please');
    expect(hit.chunks.filter((chunk) => chunk.choices[0]?.delta.content).length).toBeGreaterThan(1);
    expect(hit.chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('stop');
    const usage = hit.chunks[hit.chunks.length - 1]!;
    expect(usage.usage).toEqual(miss.chunks[miss.chunks.length - 1]!.usage);
    expect((usage as unknown as { router: { cost: { amount: string } } }).router.cost.amount).toBe('0.00000000');
    const blocking = await ask('direct', key, { model: 'openai/gpt-4o-mini', messages, temperature: 0 });
    expect(blocking.headers.get('x-svc-cache')).toBe('hit');
    expect(blocking.body.choices[0].message.content).toBe(miss.text);
  });
});
