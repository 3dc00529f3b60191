import { compareVersions, validReleaseVersion } from './version-compare';

describe('compareVersions (PHP version_compare)', () => {
  // Each pair's answer is what PHP 8.2's version_compare() returns.
  it.each([
    ['1.0', '1.0', 0],
    ['1.0.1', '1.0', 1],
    ['1.10', '1.9', 1],
    ['1.0', '1.0.0', -1],
    ['1.0-beta', '1.0', -1],
    ['1.0beta2', '1.0beta1', 1],
    ['1.0-RC1', '1.0-beta3', 1],
    ['1.0-dev', '1.0-alpha', -1],
    ['1.0a', '1.0alpha', 0],
    ['1.0pl1', '1.0', 1],
    ['1.0-foo', '1.0-dev', -1],
    ['2.0.0', '10.0.0', -1],
    ['1.0.0+build', '1.0.0', -1],
  ])('%s vs %s → %d', (left, right, expected) => {
    expect(compareVersions(left, right)).toBe(expected);
    expect(compareVersions(right, left)).toBe(expected === 0 ? 0 : -expected);
  });

  it('accepts release versions and refuses others', () => {
    for (const good of ['1', '1.2.3', '2.0.0-beta.1', '1.0RC2']) expect(validReleaseVersion(good)).toBe(true);
    for (const bad of ['', 'v1.0', '1..2', '1.0 beta', '../1', 'x'.repeat(41)]) expect(validReleaseVersion(bad)).toBe(false);
  });
});
