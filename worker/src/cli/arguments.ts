/** `--name value` flags and positionals; a flag given twice, or without a value, is an error. */
export interface ParsedArguments {
  positionals: string[];
  flags: Map<string, string>;
}

export class UsageError extends Error {}

/** Flags that take no value (`--soft`): present means "true". */
const SWITCHES = new Set(['soft', 'csv']);

export function parseArguments(argv: string[]): ParsedArguments {
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    if (!token.startsWith('--')) {
      positionals.push(token);
      continue;
    }
    const [name, inline] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (SWITCHES.has(name) && inline === undefined) {
      if (flags.has(name)) throw new UsageError(`--${name} was given twice.`);
      flags.set(name, 'true');
      continue;
    }
    const value = inline ?? argv[index + 1];
    if (!name || value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value.`);
    }
    if (flags.has(name)) throw new UsageError(`--${name} was given twice.`);
    flags.set(name, value);
    if (inline === undefined) index += 1;
  }
  return { positionals, flags };
}

/** Takes the allowed flags out; any other flag is a usage error naming it. */
export function takeFlags(parsed: ParsedArguments, allowed: string[], required: string[] = []): Record<string, string | undefined> {
  const unknown = [...parsed.flags.keys()].filter((name) => !allowed.includes(name));
  if (unknown.length > 0) throw new UsageError(`Unknown option --${unknown[0]}; allowed: ${allowed.map((name) => `--${name}`).join(' ')}.`);
  const missing = required.filter((name) => !parsed.flags.has(name));
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`);
  return Object.fromEntries(allowed.map((name) => [name, parsed.flags.get(name)]));
}
