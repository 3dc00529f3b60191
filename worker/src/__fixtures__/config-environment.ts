import { type ConfigError, loadConfig } from '../config';

/** The smallest valid worker environment, for configuration tests. */
export const VALID_ENVIRONMENT = {
  SVC_HUB_SECRET: 'a'.repeat(64),
  SVC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SVC_DB_USER: 'svc',
  SVC_DB_NAME: 'wordpress',
  SVC_PUBLIC_URL: 'https://hub.example/',
};

/** The one-line problems loadConfig reports for `environment` ([] when it is valid). */
export function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    return (error as ConfigError).problems;
  }
  return [];
}
