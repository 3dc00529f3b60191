import type { Problems } from '../../support/problems';

/**
 * How deep and how large a client's free-form JSON may be where the router keeps, forwards,
 * hashes or echoes it as given: a tool's parameters, a response format's schema, metadata, and
 * the Responses fields echoed in the response object (docs/api-notes.md, "Nesting limits").
 * Checked in validation, before any budget, usage row or provider call, so no recursive step
 * after it (the response cache's canonical JSON, a stored response's JSON, a provider's schema
 * mapping) meets a value deeper than this. Depth counts objects and arrays: `{}` is 1 level,
 * `{"a": []}` 2; every value counts once (objects, arrays, strings, numbers, booleans, null).
 */
export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_VALUES = 50_000;

const TOO_DEEP = -1;
const TOO_MANY = -2;

/**
 * The values left of `left` after `value`, or TOO_DEEP / TOO_MANY. Recursive, but never deeper
 * than `depthLeft` frames: it stops at the first container past the limit.
 */
function walk(value: unknown, depthLeft: number, left: number): number {
  if (left <= 0) return TOO_MANY;
  let rest = left - 1;
  if (typeof value !== 'object' || value === null) return rest;
  if (depthLeft === 0) return TOO_DEEP;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length && rest >= 0; index += 1) rest = walk(value[index], depthLeft - 1, rest);
    return rest;
  }
  for (const name in value) {
    rest = walk((value as Record<string, unknown>)[name], depthLeft - 1, rest);
    if (rest < 0) return rest;
  }
  return rest;
}

/** What is wrong with the shape of a client's JSON value, or null when it is within the limits. */
export function nestingProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const left = walk(value, MAX_JSON_DEPTH, MAX_JSON_VALUES);
  if (left === TOO_DEEP) return `must be nested at most ${MAX_JSON_DEPTH} levels deep (objects and arrays)`;
  if (left === TOO_MANY) return `must hold at most ${MAX_JSON_VALUES} JSON values`;
  return null;
}

/** Adds the problem of `value`'s shape under `name`; true when there is none. */
export function checkNesting(value: unknown, name: string, problems: Problems): boolean {
  const problem = nestingProblem(value);
  if (problem !== null) problems.add(name, problem);
  return problem === null;
}
