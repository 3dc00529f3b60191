import { parseEnvFile } from './environment';

describe('parseEnvFile', () => {
  it('keeps base64 padding and everything after the first "="', () => {
    expect(parseEnvFile('SVC_ENCRYPTION_KEY=abc==\nURL=http://x/?a=b\n')).toEqual({ SVC_ENCRYPTION_KEY: 'abc==', URL: 'http://x/?a=b' });
  });

  it('reads export and quotes, and skips comments and junk', () => {
    expect(parseEnvFile('# note\nexport A="one two"\nB=\'x\'\n  not a line\n9X=bad\n')).toEqual({ A: 'one two', B: 'x' });
  });
});
