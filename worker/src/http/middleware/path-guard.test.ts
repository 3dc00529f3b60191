import { hasControlCharacter } from './path-guard';

describe('control characters in a path', () => {
  it.each(['/a/%0A', '/a/x%0a/y', '/a/%00', '/a/%1F', '/a/%7f', '/a/%C2%85', '/a/%c2%9f', '/a/%09x'])('finds %s', (path) => {
    expect(hasControlCharacter(path)).toBe(true);
  });

  it.each(['/a/b', '/a/%20', '/a/%2F', '/a/%250A', '/a/%C3%A9', '/a/%C2%A0', '/a/%E2%9C%93', '/a/%2e%2e', '/prices/ollama/llama3.2:1b'])(
    'lets %s through',
    (path) => {
      expect(hasControlCharacter(path)).toBe(false);
    },
  );
});
