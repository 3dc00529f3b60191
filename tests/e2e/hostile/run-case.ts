import { answerProblems, describeAnswer, DOCUMENTED_STATUSES } from './answer-checks';
import type { HostileDatabase } from './database';
import type { LogWatch } from './log-watch';
import type { Fixture } from './fixture';
import type { HostileCase } from './hostile-case';
import { onTheWire, send, type HostileAnswer } from './ways';

const HEALTH = '/wp-json/llm/router/v1/health';

/**
 * Runs one case: checksum of every svc_* table, the case's requests in order on one
 * connection, each answer checked (documented status, error shape and size, no secret, no
 * stack trace), the checksum again (only the route's listed allowances may differ), the
 * worker's health, and what the case added to the PHP and worker logs (no trace, no PHP error). Returns every problem, each with the request and the answer that show it.
 */
/** The start of a request body, as a failure message shows it. */
function preview(body: string | Buffer | undefined): string {
  if (body === undefined) return '';
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const text = JSON.stringify(bytes.subarray(0, 60).toString('latin1'));
  return ` body ${text}${bytes.length > 60 ? `… (${bytes.length} bytes)` : ''}`;
}

/** Where a family's time goes (printed after it): checksums, requests, health checks. */
export const timing = { checksumMs: 0, requestMs: 0, requests: 0, healthMs: 0 };
const since = (start: number) => performance.now() - start;

export async function runCase(item: HostileCase, fixture: Fixture, database: HostileDatabase, logs: LogWatch): Promise<string[]> {
  const problems: string[] = [];
  let started = performance.now();
  // The previous case's "after" is this case's "before" (nothing runs in between).
  const before = database.last ?? (await database.fingerprint());
  timing.checksumMs += since(started);
  started = performance.now();
  const requests = item.requests(fixture);
  const answers: HostileAnswer[] = [];
  for (const request of requests) {
    const shown = `${request.method} ${onTheWire(item.way, request.target).slice(0, 200)}${preview(request.body)}`;
    let answer: HostileAnswer;
    try {
      answer = await send(item.way, request);
    } catch (error) {
      // The HTTP server may refuse an oversized header block by closing the connection before
      // any application code runs (node answers 431 and resets a client still sending).
      if (item.bare && /ECONNRESET|EPIPE|socket hang up/.test(String(error))) continue;
      problems.push(`${shown}: no answer (${String(error)})`);
      continue;
    }
    answers.push(answer);
    for (const problem of answerProblems(answer, {
      statuses: item.statuses ?? DOCUMENTED_STATUSES,
      bare: item.bare,
      secrets: fixture.secrets,
      target: request.target,
    })) {
      problems.push(`${shown}: ${problem} — answer ${describeAnswer(answer)}`);
    }
  }
  timing.requestMs += since(started);
  timing.requests += requests.length;
  if (item.check) problems.push(...(await item.check(answers, fixture)));
  started = performance.now();
  const after = await database.fingerprint();
  database.last = after;
  timing.checksumMs += since(started);
  problems.push(
    ...(await database.differences(before, after, item.route.allow ?? [], requests.length)).map((problem) => `stored data: ${problem}`),
  );
  if (item.cleanup) {
    await item.cleanup(fixture);
    database.last = undefined;
  }
  started = performance.now();
  const health = await send('direct', { method: 'GET', target: HEALTH }).catch(() => null);
  timing.healthMs += since(started);
  problems.push(...logs.take().map((line) => `log: ${line}`));
  if (health?.status !== 200 || health.body?.status !== 'ok')
    problems.push(`the worker is not healthy afterwards: ${health ? describeAnswer(health) : 'no answer'}`);
  return problems;
}
