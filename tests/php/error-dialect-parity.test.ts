import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicErrorType, openAiErrorType, retryCannotCure } from '../../worker/src/support/error-objects';

/**
 * The shell (PHP) answers its own and WordPress's errors on the router's namespace in the same
 * dialect as the worker (TypeScript) answers its own (docs/api-notes.md "Error bodies and
 * retries"): the same OpenAI type, Anthropic type and retry verdict for every status and code.
 */
const CODES = [
  'svc_invalid_request',
  'svc_missing_key',
  'svc_invalid_key',
  'svc_forbidden',
  'svc_no_entitlement',
  'svc_not_found',
  'svc_model_not_found',
  'svc_idempotency_conflict',
  'svc_idempotency_in_progress',
  'svc_request_timeout',
  'svc_payload_too_large',
  'svc_unsupported_media_type',
  'svc_rate_limited',
  'svc_too_many_concurrent',
  'svc_budget_exceeded',
  'svc_unpriced_model',
  'svc_internal',
  'svc_not_implemented',
  'svc_upstream_error',
  'svc_busy',
  'svc_worker_unavailable',
  'svc_hub_disabled',
  'svc_no_provider',
  'svc_upstream_timeout',
];
const STATUSES = [400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429, 431, 500, 501, 502, 503, 504, 529];

function php(cases: { status: number; code: string }[]): unknown[] {
  const path = join(mkdtempSync(join(tmpdir(), 'error-dialect-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases));
  const result = spawnSync('php', [join(__dirname, 'error-dialect', 'types.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('the router’s error dialect: shell (PHP) and worker (TypeScript) agree', () => {
  it('on OpenAI’s type, Anthropic’s type and the retry verdict for every status and code', () => {
    const cases = STATUSES.flatMap((status) => CODES.map((code) => ({ status, code })));
    const worker = cases.map(({ status, code }) => ({
      openai: openAiErrorType(status, code),
      anthropic: anthropicErrorType(status),
      no_retry: retryCannotCure({ status, code }),
    }));
    expect(php(cases)).toEqual(worker);
  });
});
