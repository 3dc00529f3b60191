import type { Problems, Raw } from '../../support/problems';

/** Small readers shared by every request parser (chat, responses, embeddings): one style of validation. */

export function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** A number from min to max (an integer when asked); undefined when absent or bad (then a problem). */
export function numberField(
  value: unknown,
  name: string,
  problems: Problems,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  if (absent(value)) return undefined;
  const { min, max, integer = false } = range;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    problems.add(name, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

export function booleanField(value: unknown, name: string, problems: Problems): boolean | undefined {
  if (absent(value)) return undefined;
  if (typeof value !== 'boolean') {
    problems.add(name, 'must be true or false');
    return undefined;
  }
  return value;
}

/** A string of at most `max` characters (non-empty when `nonEmpty`). */
export function stringField(
  value: unknown,
  name: string,
  problems: Problems,
  options: { max: number; nonEmpty?: boolean },
): string | undefined {
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || value.length > options.max || (options.nonEmpty && value.length === 0)) {
    problems.add(name, `must be a ${options.nonEmpty ? 'non-empty ' : ''}string of at most ${options.max} characters`);
    return undefined;
  }
  return value;
}

/** One of `choices`. */
export function choiceField<T extends string>(value: unknown, name: string, choices: readonly T[], problems: Problems): T | undefined {
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    problems.add(name, `must be one of ${choices.join(', ')}`);
    return undefined;
  }
  return value as T;
}
