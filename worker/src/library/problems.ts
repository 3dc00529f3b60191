import { Problems as Collector } from '../support/problems';

/**
 * Collects what is wrong with an input, one entry per field path (`templates[2].width`),
 * and turns them into one `svc_invalid_request` (data.params) so a pack reports its
 * mistakes at once — the first MAX_REPORTED_PROBLEMS named, the rest counted — with the
 * readers the library's inputs share.
 */
export class Problems extends Collector {
  text(value: unknown, path: string, options: { max: number; min?: number; pattern?: RegExp; patternText?: string }): string | undefined {
    if (typeof value !== 'string') return void this.add(path, 'must be a string');
    // Code points, without spreading a huge string first: over twice max units is over max code points.
    const length = value.length > options.max * 2 ? value.length : [...value].length;
    if (length < (options.min ?? 1) || length > options.max)
      return void this.add(path, `must be ${options.min ?? 1} to ${options.max} characters`);
    if (options.pattern && !options.pattern.test(value)) return void this.add(path, options.patternText ?? 'has an invalid format');
    return value;
  }

  number(value: unknown, path: string, min: number, max: number, integer = false): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      return void this.add(path, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    }
    return value;
  }

  /** A CSS font weight: 100, 200, … 900. */
  weight(value: unknown, path: string): number | undefined {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > 900 || value % 100 !== 0)
      return void this.add(path, 'must be a font weight 100, 200, … 900');
    return value;
  }

  oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T | undefined {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
      return void this.add(path, `must be one of ${allowed.join(', ')}`);
    return value as T;
  }

  object(value: unknown, path: string): Record<string, unknown> | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return void this.add(path, 'must be an object');
    return value as Record<string, unknown>;
  }

  array(value: unknown, path: string, max: number, min = 0): unknown[] | undefined {
    if (!Array.isArray(value)) return void this.add(path, 'must be an array');
    if (value.length < min || value.length > max) return void this.add(path, `must hold ${min} to ${max} entries`);
    return value;
  }
}

/** Copies the fields that are present (not undefined) into a new object, in the given order. */
export function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
