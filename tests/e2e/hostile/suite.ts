import { createFixture, type Fixture } from './fixture';
import { HostileDatabase } from './database';
import { caseName, type HostileCase } from './hostile-case';
import { LogWatch } from './log-watch';
import { runCase, timing } from './run-case';
import { closeAgents } from './ways';

/**
 * Runs one family of the corpus as a jest suite: the fixture, a settled database, one test
 * per case (checksum before and after each), and finally the logs the family appended.
 */
export function runFamily(
  name: string,
  cases: HostileCase[],
  hooks: { beforeAll?: () => Promise<void>; afterAll?: () => Promise<void> } = {},
): void {
  describe(`hostile input: ${name} (${cases.length} cases)`, () => {
    let fixture: Fixture;
    let database: HostileDatabase;
    let logs: LogWatch;

    beforeAll(async () => {
      process.stdout.write(`[hostile] ${name}: ${cases.length} cases, each checksummed\n`);
      await hooks.beforeAll?.();
      fixture = await createFixture();
      database = await HostileDatabase.open(fixture.keyIds);
      await database.settle();
      logs = new LogWatch();
    }, 120_000);

    afterAll(async () => {
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      process.stdout.write(
        `[hostile] ${name}: ${timing.requests} requests in ${seconds(timing.requestMs)}, checksums ${seconds(timing.checksumMs)}, health ${seconds(timing.healthMs)}\n`,
      );
      closeAgents();
      await hooks.afterAll?.();
      await database?.close();
    });

    it.each(cases.map((item) => [caseName(item), item] as const))('%s', async (_name, item) => {
      expect(await runCase(item, fixture, database, logs)).toEqual([]);
    });

    it('leaves no stack trace or PHP error in the logs after its last case', () => {
      expect(logs.take()).toEqual([]);
    });
  });
}
