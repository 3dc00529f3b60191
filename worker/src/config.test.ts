import { VALID_ENVIRONMENT as VALID, problemsOf } from './__fixtures__/config-environment';
import { loadConfig } from './config';

describe('worker configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(VALID, '1.2.3');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      publicUrl: 'https://hub.example',
      shellUrl: 'https://hub.example',
      pluginUrl: 'https://hub.example/wp-content/plugins/svc-hub',
      mock: false,
      testRoutes: false,
      logLevel: 'info',
      version: '1.2.3',
      database: { host: '127.0.0.1', port: 3306, user: 'svc', password: '', name: 'wordpress', prefix: 'wp_' },
    });
    expect(config.encryptionKey).toHaveLength(32);
  });

  it('takes the plugin folder URL from SVC_PLUGIN_URL when plugins live elsewhere', () => {
    expect(loadConfig({ ...VALID, SVC_PLUGIN_URL: 'https://cdn.example/app/plugins/hub/' }).pluginUrl).toBe(
      'https://cdn.example/app/plugins/hub',
    );
    expect(problemsOf({ ...VALID, SVC_PLUGIN_URL: 'plugins/hub' })).toEqual([
      'SVC_PLUGIN_URL must be an absolute http(s) URL (got "plugins/hub").',
    ]);
  });

  it('names every missing variable at once', () => {
    expect(problemsOf({})).toEqual([
      'SVC_PUBLIC_URL is required but not set.',
      'SVC_HUB_SECRET is required but not set.',
      'SVC_ENCRYPTION_KEY is required but not set.',
      'SVC_DB_USER is required but not set.',
      'SVC_DB_NAME is required but not set.',
    ]);
  });

  it.each([
    ['SVC_HUB_SECRET', 'short', /at least 32 characters/],
    ['SVC_ENCRYPTION_KEY', Buffer.alloc(16).toString('base64'), /32 random bytes in base64/],
    ['SVC_WORKER_PORT', '99999', /TCP port/],
    ['SVC_DB_PORT', 'abc', /TCP port/],
    ['SVC_DB_PREFIX', 'wp-; DROP', /letters, digits and underscores/],
    ['SVC_PUBLIC_URL', 'ftp://hub', /absolute http\(s\) URL/],
    ['SVC_MOCK', 'yes', /"on" or "off"/],
    ['SVC_LOG_LEVEL', 'loud', /debug, info, warn or error/],
  ])('explains how to fix a bad %s', (name, value, message) => {
    const problems = problemsOf({ ...VALID, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
    expect(problems[0]).toContain(name);
  });

  it('never repeats a secret in its messages', () => {
    const problems = problemsOf({ ...VALID, SVC_HUB_SECRET: 'tooshort-secret' });
    expect(problems.join(' ')).not.toContain('tooshort-secret');
  });
});
