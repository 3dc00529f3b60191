import { escapeHelp, escapeLabelValue, formatValue } from './exposition';
import { MetricsRegistry } from './registry';

// A real parser of the text format (a devDependency), to check what we write reads back.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the parser ships no type declarations
const parse = require('parse-prometheus-text-format') as (
  text: string,
) => Array<{ name: string; help: string; type: string; metrics: Array<{ value?: string; labels?: Record<string, string> }> }>;

describe('Prometheus text exposition', () => {
  it('escapes label values and HELP texts as the format says', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(escapeHelp('one\\two\nthree "quoted"')).toBe('one\\\\two\\nthree "quoted"');
    expect([formatValue(Infinity), formatValue(-Infinity), formatValue(NaN), formatValue(0.25), formatValue(3)]).toEqual([
      '+Inf',
      '-Inf',
      'NaN',
      '0.25',
      '3',
    ]);
  });

  it('writes HELP, TYPE and samples that a real parser reads back, hostile label values included', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_things_total', 'Things "counted"\nover lines \\ here.', ['team', 'kind']);
    const team = 'quote " back\\slash\nnewline {},=';
    counter.inc([team, 'a'], 2);
    counter.inc([team, 'a'], 0.5);
    counter.inc(['plain', 'b']);
    registry.gauge('test_level', 'A level.', () => 7);
    const text = await registry.render();
    expect(text).toContain('# TYPE test_things_total counter\n');
    expect(text).toContain('# HELP test_things_total Things "counted"\\nover lines \\\\ here.\n');
    const [things, level] = parse(text);
    expect(things).toMatchObject({ name: 'test_things_total', type: 'COUNTER', help: 'Things "counted"\nover lines \\ here.' });
    expect(things!.metrics).toEqual([
      { labels: { team, kind: 'a' }, value: '2.5' },
      { labels: { team: 'plain', kind: 'b' }, value: '1' },
    ]);
    expect(level).toMatchObject({ name: 'test_level', type: 'GAUGE', metrics: [{ value: '7' }] });
  });

  it('writes an unlabelled counter at 0 and labelled ones named up front at 0', async () => {
    const registry = new MetricsRegistry();
    registry.counter('test_plain_total', 'Plain.');
    registry.counter('test_results_total', 'Results.', ['result'], [['ok'], ['failed']]);
    expect(await registry.render()).toBe(
      '# HELP test_plain_total Plain.\n# TYPE test_plain_total counter\ntest_plain_total 0\n' +
        '# HELP test_results_total Results.\n# TYPE test_results_total counter\ntest_results_total{result="ok"} 0\ntest_results_total{result="failed"} 0\n',
    );
  });

  it('refuses names the format does not allow, a counter without _total, a name defined twice', () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter('bad-name_total', 'x')).toThrow('not valid');
    expect(() => registry.counter('test_total', 'x', ['__reserved'])).toThrow('not valid');
    expect(() => registry.counter('test_count', 'x')).toThrow('_total');
    registry.gauge('test_once', 'x', () => 1);
    expect(() => registry.gauge('test_once', 'x', () => 1)).toThrow('twice');
  });

  it('writes no sample for a gauge whose read fails, and the rest of the scrape still', async () => {
    const registry = new MetricsRegistry();
    registry.gauge('test_broken', 'Broken.', () => Promise.reject(new Error('database down')));
    registry.gauge('test_fine', 'Fine.', () => 1);
    expect(await registry.render()).toBe(
      '# HELP test_broken Broken.\n# TYPE test_broken gauge\n# HELP test_fine Fine.\n# TYPE test_fine gauge\ntest_fine 1\n',
    );
  });

  it('ignores negative and NaN increments (a counter never goes down)', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_up_total', 'Up.');
    counter.inc([], 3);
    counter.inc([], -1);
    counter.inc([], NaN);
    expect(counter.get([])).toBe(3);
  });

  it('reads a total without creating its series', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_read_total', 'Read.', ['team']);
    counter.inc(['a']);
    expect([counter.get(['a']), counter.get(['b'])]).toEqual([1, 0]);
    expect(await registry.render()).not.toContain('team="b"');
  });
});
