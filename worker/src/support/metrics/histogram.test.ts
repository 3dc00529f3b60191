import { Histogram } from './histogram';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the parser ships no type declarations
const parse = require('parse-prometheus-text-format') as (
  text: string,
) => Array<{ type: string; metrics: Array<{ buckets?: Record<string, string>; count?: string; sum?: string }> }>;

describe('Histogram', () => {
  it('counts each value in the first bucket whose bound it does not exceed, cumulative when written', () => {
    const histogram = new Histogram('test_seconds', 'Seconds.', ['route'], [0.1, 1, 10]);
    for (const value of [0.05, 0.1, 0.5, 1, 2, 20]) histogram.observe(['/a'], value);
    const text = histogram.render();
    expect(text).toBe(
      [
        '# HELP test_seconds Seconds.',
        '# TYPE test_seconds histogram',
        'test_seconds_bucket{route="/a",le="0.1"} 2',
        'test_seconds_bucket{route="/a",le="1"} 4',
        'test_seconds_bucket{route="/a",le="10"} 5',
        'test_seconds_bucket{route="/a",le="+Inf"} 6',
        'test_seconds_sum{route="/a"} 23.65',
        'test_seconds_count{route="/a"} 6',
        '',
      ].join('\n'),
    );
  });

  it('keeps label sets apart and reads back through a real parser', () => {
    const histogram = new Histogram('test_seconds', 'Seconds.', [], [0.5, 1]);
    histogram.observe([], 0.25);
    histogram.observe([], 0.75);
    histogram.observe([], 5);
    expect(parse(histogram.render())).toEqual([
      {
        name: 'test_seconds',
        help: 'Seconds.',
        type: 'HISTOGRAM',
        metrics: [{ buckets: { '0.5': '1', '1': '2', '+Inf': '3' }, count: '3', sum: '6' }],
      },
    ]);
    const labelled = new Histogram('test_labelled_seconds', 'Labelled.', ['provider'], [1]);
    labelled.observe(['openai'], 0.5);
    labelled.observe(['anthropic'], 2);
    labelled.observe(['openai'], 3);
    expect(labelled.labels(['openai'])).toMatchObject({ count: 2, sum: 3.5 });
    expect(labelled.labels(['anthropic'])).toMatchObject({ count: 1, sum: 2 });
    expect(labelled.render()).toContain(
      'test_labelled_seconds_bucket{provider="openai",le="1"} 1\ntest_labelled_seconds_bucket{provider="openai",le="+Inf"} 2\n',
    );
  });

  it('sorts its bounds and refuses duplicate or infinite ones and an "le" label', () => {
    expect(new Histogram('test_a', 'x', [], [1, 0.5]).render()).toBe('# HELP test_a x\n# TYPE test_a histogram\n');
    expect(() => new Histogram('test_b', 'x', [], [1, 1])).toThrow('distinct');
    expect(() => new Histogram('test_c', 'x', [], [1, Infinity])).toThrow('finite');
    expect(() => new Histogram('test_d', 'x', ['le'])).toThrow('reserved');
  });

  it('refuses label values of the wrong arity', () => {
    const histogram = new Histogram('test_e', 'x', ['a', 'b'], [1]);
    expect(() => histogram.observe(['only one'], 1)).toThrow('expected 2 label values');
  });
});
