/**
 * Bounds on what an error answer may carry, whatever the client sent: an error names at most
 * a few fields, each cut short, and the whole answer stays under MAX_ERROR_BODY_BYTES — the
 * answer to a hostile body never grows with it (docs/architecture.md §3, docs/api-notes.md "Errors").
 */

/**
 * At most this many bad fields are named in one svc_invalid_request (`data.params`); the
 * rest are only counted (`data.params_omitted`, "… and N more" in the message).
 */
export const MAX_REPORTED_PROBLEMS = 10;
/** The most an error answer's JSON body may weigh. */
export const MAX_ERROR_BODY_BYTES = 8 * 1024;
/** Characters kept of a parameter name in `data.params` (a client's key may be any length). */
export const MAX_PARAM_NAME_CHARACTERS = 100;
/** Characters kept of what is wrong with a parameter. */
export const MAX_PARAM_PROBLEM_CHARACTERS = 300;
/** Characters kept of an error message when the answer would otherwise be too big. */
const MAX_MESSAGE_CHARACTERS = 500;
/** Entries kept of a list or object in `data` when the answer would otherwise be too big. */
const MAX_DATA_ENTRIES = 10;
const MAX_DATA_STRING_CHARACTERS = 200;

/** `text` cut to `max` UTF-16 units (never half a surrogate pair), marked with "…" when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

export interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

/** The JSON size of an error answer's body. */
export function bytes(body: object): number {
  return Buffer.byteLength(JSON.stringify(body));
}

/** A copy of `value` with strings cut, lists and objects cut to a few entries, and nothing deeper than `depth`. */
function shrink(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clip(value, MAX_DATA_STRING_CHARACTERS);
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.slice(0, MAX_DATA_ENTRIES).map((item) => shrink(item, depth - 1));
  const entries = Object.entries(value).slice(0, MAX_DATA_ENTRIES);
  return Object.fromEntries(entries.map(([name, item]) => [clip(name, MAX_PARAM_NAME_CHARACTERS), shrink(item, depth - 1)]));
}

/**
 * The safety net where errors become answers: a body over MAX_ERROR_BODY_BYTES is cut (message
 * and `data` shortened; as a last resort `data` is only the status and `truncated: true`).
 * Bodies within the limit pass unchanged. `maxBytes` is smaller where the answer adds a client
 * dialect's error object to the body (http/answers/error-body.ts).
 */
export function boundedErrorBody(body: ErrorBody, maxBytes = MAX_ERROR_BODY_BYTES): ErrorBody {
  if (bytes(body) <= maxBytes) return body;
  const status = body.data.status;
  const message = clip(body.message, MAX_MESSAGE_CHARACTERS);
  const shrunk = { code: body.code, message, data: { ...(shrink(body.data, 3) as Record<string, unknown>), status, truncated: true } };
  if (bytes(shrunk) <= maxBytes) return shrunk;
  return { code: body.code, message: clip(body.message, MAX_DATA_STRING_CHARACTERS), data: { status, truncated: true } };
}

/**
 * `params` as an error may carry them: at most `max` entries, names and problems cut short;
 * `omitted` counts what was left out (plus the `alreadyOmitted` a collector had not kept).
 */
export function boundedParams(
  params: Record<string, string>,
  max: number,
  alreadyOmitted = 0,
): { params: Record<string, string>; omitted: number } {
  const kept: Record<string, string> = {};
  let count = 0;
  let omitted = alreadyOmitted;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    if (count >= max) {
      omitted += 1;
      continue;
    }
    kept[clip(name, MAX_PARAM_NAME_CHARACTERS)] = clip(String(params[name]), MAX_PARAM_PROBLEM_CHARACTERS);
    count += 1;
  }
  return { params: kept, omitted };
}
