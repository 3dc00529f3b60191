import { bodyCases } from './attacks/bodies';
import { deepJsonCases } from './attacks/deep-json';
import { findingCases } from './attacks/findings';
import { headerCases } from './attacks/headers';
import { idorCases } from './attacks/idor';
import { licenceCases } from './attacks/licences';
import { moneyCases } from './attacks/money';
import { pathCases } from './attacks/paths';
import { queryCases } from './attacks/queries';
import { signatureCases } from './attacks/signatures';
import { webhookGateCases } from './attacks/webhook-gate';
import { wordpressRequestCases } from './attacks/wordpress-request';
import type { HostileCase } from './hostile-case';

/** Every family of the corpus, by the test file that runs it. */
export const FAMILIES: Record<string, () => HostileCase[]> = {
  bodies: bodyCases,
  paths: pathCases,
  queries: queryCases,
  headers: headerCases,
  idor: idorCases,
  signatures: signatureCases,
  findings: findingCases,
  'webhook-gate': webhookGateCases,
  'deep-json': deepJsonCases,
  money: moneyCases,
  'wordpress-request': wordpressRequestCases,
  licences: licenceCases,
};

export const allCases = (): HostileCase[] => Object.values(FAMILIES).flatMap((family) => family());
