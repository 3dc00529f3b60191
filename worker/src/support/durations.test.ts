import { parseDuration, parseDurationList } from './durations';

describe('durations', () => {
  it.each([
    ['0', 0],
    ['200ms', 200],
    ['1s', 1000],
    [' 5m ', 300_000],
    ['2h', 7_200_000],
  ])('reads %s', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it.each(['', '5', '1.5s', '-1s', '3d', 's', '1 s', '10sec'])('refuses %p', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it('reads a schedule and refuses one bad entry', () => {
    expect(parseDurationList('0,300ms,600ms,1s')).toEqual([0, 300, 600, 1000]);
    expect(parseDurationList('0,300ms,,1s')).toBeNull();
  });
});
