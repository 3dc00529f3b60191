import { findingCases } from './attacks/findings';
import { attackerHost } from './recorder';
import { runFamily } from './suite';

runFamily('findings of issue 11', findingCases(), { beforeAll: () => attackerHost.start(), afterAll: () => attackerHost.stop() });
