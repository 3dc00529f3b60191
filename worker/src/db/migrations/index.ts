import { apiKeys } from './001-api-keys';
import { entitlements } from './002-entitlements';
import { router } from './003-router';
import { commerce } from './004-commerce';
import { library } from './005-library';
import { shellNonces } from './006-shell-nonces';

/** One numbered, forward-only step. `statements` receives the table-name function. */
export interface Migration {
  id: number;
  name: string;
  statements(table: (name: string) => string): string[];
}

/** Every migration in order. Append only: an applied migration is never edited. */
export const MIGRATIONS: Migration[] = [apiKeys, entitlements, router, commerce, library, shellNonces];
