import { parseArguments, takeFlags, UsageError } from './arguments';

describe('CLI arguments', () => {
  it('reads positionals and flags in both spellings', () => {
    const parsed = parseArguments(['key', 'create', '--site', 'https://a.example', '--team=growth']);
    expect(parsed.positionals).toEqual(['key', 'create']);
    expect(takeFlags(parsed, ['site', 'team', 'name'], ['site'])).toEqual({ site: 'https://a.example', team: 'growth', name: undefined });
  });

  it.each([
    [['--site'], '--site needs a value.'],
    [['--site', '--team', 'x'], '--site needs a value.'],
    [['--site', 'a', '--site', 'b'], '--site was given twice.'],
  ])('refuses %p', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(new UsageError(message));
  });

  it('names unknown and missing flags', () => {
    expect(() => takeFlags(parseArguments(['--colour', 'red']), ['site'])).toThrow(/Unknown option --colour/);
    expect(() => takeFlags(parseArguments([]), ['site'], ['site'])).toThrow('Missing --site.');
  });

  it('takes --soft as a switch without a value', () => {
    expect(parseArguments(['budget', 'set', '--soft', '--amount', '5']).flags).toEqual(
      new Map([
        ['soft', 'true'],
        ['amount', '5'],
      ]),
    );
    expect(() => parseArguments(['--soft', '--soft'])).toThrow('--soft was given twice.');
  });
});
