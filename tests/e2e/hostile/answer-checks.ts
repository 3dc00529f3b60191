import type { HostileAnswer } from './ways';

/** docs/architecture.md §3: the statuses a hostile request may get (never a 5xx). */
export const DOCUMENTED_STATUSES = [200, 201, 204, 304, 400, 401, 403, 404, 405, 409, 413, 415, 429];

/** The most an error answer may weigh, whatever the input (issue 11, finding 2). */
export const ERROR_ANSWER_LIMIT = 8 * 1024;

/** A stack trace or an internal path, from node or PHP. */
export const TRACE_PATTERNS: RegExp[] = [
  /\bat [^\s()]+ \([^)]*:\d+:\d+\)/,
  /\bat (?:\/|file:)[^\s]+:\d+:\d+/,
  /\b\w*Error: [^"\n]*\/[\w./-]+\.(?:ts|js|php)\b/,
  /\/worker\/(?:src|dist)\//,
  /\.ts:\d+/,
  /node_modules/,
  /Stack trace:/,
  /#\d+ \/[\w./-]+\.php/,
  /\.php(?::\d+| on line \d+)/,
];

export interface AnswerExpectation {
  statuses: number[];
  bare?: number[];
  secrets: string[];
  /** The request's target: on the router's namespace an error also carries its client dialect. */
  target?: string;
}

const ROUTER = '/wp-json/llm/router/v1';

/** Whether `path` is `prefix` or below it, in any case. */
function within(path: string, prefix: string): boolean {
  const lower = path.toLowerCase();
  return lower.startsWith(prefix) && (lower.length === prefix.length || lower.charAt(prefix.length) === '/');
}

/** A `.` or `..` segment once decoded: WordPress's front may resolve it out of the namespace, the worker does not. */
function hasDotSegments(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * docs/api-notes.md "Error bodies and retries": on the router's routes an error carries OpenAI's
 * `error: {message, type, param, code}`, on /messages and below Anthropic's `type: "error"`,
 * `error: {type, message}` and `request_id`; other namespaces the WordPress shape alone.
 */
export function dialectProblems(target: string, body: any): string[] {
  const path = target.split('?')[0]!;
  if (!within(path, ROUTER) || hasDotSegments(path)) return [];
  const error = body?.error;
  if (within(path, `${ROUTER}/messages`)) {
    const anthropic =
      body.type === 'error' && typeof error?.type === 'string' && typeof error?.message === 'string' && typeof body.request_id === 'string';
    return anthropic ? [] : ['error without Anthropic\'s {type: "error", error: {type, message}, request_id}'];
  }
  const openai =
    typeof error?.message === 'string' &&
    typeof error?.type === 'string' &&
    (error?.param === null || typeof error?.param === 'string') &&
    error?.code === body.code;
  return openai ? [] : ["error without OpenAI's error {message, type, param, code}"];
}

const headerText = (answer: HostileAnswer) =>
  Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join('\n');

/** What is wrong with one answer (empty when nothing is). */
export function answerProblems(answer: HostileAnswer, expectation: AnswerExpectation): string[] {
  const problems: string[] = [];
  if (!expectation.statuses.includes(answer.status)) problems.push(`status ${answer.status} not in [${expectation.statuses.join(', ')}]`);
  if (answer.status >= 400 && !(expectation.bare?.includes(answer.status) && answer.bytes === 0)) {
    const body = answer.body;
    const shaped =
      body &&
      typeof body === 'object' &&
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      body.data?.status === answer.status;
    if (!shaped) problems.push(`error not in the shape {code, message, data:{status}}`);
    else if (expectation.target !== undefined) problems.push(...dialectProblems(expectation.target, body));
    if (answer.bytes >= ERROR_ANSWER_LIMIT) problems.push(`error answer of ${answer.bytes} bytes (limit ${ERROR_ANSWER_LIMIT})`);
  }
  const everything = `${headerText(answer)}\n${answer.text}`;
  for (const secret of expectation.secrets) {
    if (everything.includes(secret)) problems.push(`a secret (${secret.slice(0, 4)}…) is in the answer`);
  }
  for (const pattern of TRACE_PATTERNS) {
    const match = pattern.exec(everything);
    if (match) problems.push(`a stack trace or internal path in the answer: "${match[0]}"`);
  }
  return problems;
}

/** An answer as a failure message shows it: status, a few headers, the start of the body. */
export function describeAnswer(answer: HostileAnswer): string {
  const type = answer.headers['content-type'] ?? '';
  return `${answer.status} (${type}, ${answer.bytes} bytes) ${answer.text.slice(0, 300)}`;
}
