import { answerProblems, describeAnswer, DOCUMENTED_STATUSES } from './answer-checks';
import type { HostileDatabase } from './database';
import type { Fixture } from './fixture';
import type { HostileCase } from './hostile-case';
import { onTheWire, send, type HostileAnswer } from './ways';

const HEALTH = '/wp-json/llm/router/v1/health';

/**
 * Runs one case: checksum of every svc_* table, the case's requests in order on one
 * connection, each answer checked (documented status, error shape and size, no secret, no
 * stack trace), the checksum again (only the route's listed allowances may differ), and the
 * worker's health. Returns every problem, each with the request and the answer that show it.
 */
export async function runCase(item: HostileCase, fixture: Fixture, database: HostileDatabase): Promise<string[]> {
  const problems: string[] = [];
  const before = await database.fingerprint();
  const requests = item.requests(fixture);
  const answers: HostileAnswer[] = [];
  for (const request of requests) {
    const shown = `${request.method} ${onTheWire(item.way, request.target).slice(0, 200)}`;
    let answer: HostileAnswer;
    try {
      answer = await send(item.way, request);
    } catch (error) {
      problems.push(`${shown}: no answer (${String(error)})`);
      continue;
    }
    answers.push(answer);
    for (const problem of answerProblems(answer, { statuses: item.statuses ?? DOCUMENTED_STATUSES, bare: item.bare, secrets: fixture.secrets })) {
      problems.push(`${shown}: ${problem} — answer ${describeAnswer(answer)}`);
    }
  }
  if (item.check) problems.push(...(await item.check(answers, fixture)));
  const after = await database.fingerprint();
  problems.push(...(await database.differences(before, after, item.route.allow ?? [], requests.length)).map((problem) => `stored data: ${problem}`));
  if (item.cleanup) await item.cleanup(fixture);
  const health = await send('direct', { method: 'GET', target: HEALTH }).catch(() => null);
  if (health?.status !== 200 || health.body?.status !== 'ok') problems.push(`the worker is not healthy afterwards: ${health ? describeAnswer(health) : 'no answer'}`);
  return problems;
}
