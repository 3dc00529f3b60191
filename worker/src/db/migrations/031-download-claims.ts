import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * One-use download links (docs/commerce.md "Releases and updates"): a download claims its
 * token's hash before the first byte is sent; a second use of the same link finds the row and
 * is refused. Rows past their token's expiry are useless (the token is refused as expired first)
 * and are pruned as new links are claimed. Safe to repeat.
 */
export const downloadClaims: Migration = {
  id: 31,
  name: 'license: one-use release download links',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('release_download_claims')} (
      token_hash CHAR(64) NOT NULL,
      release_id VARCHAR(40) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      claimed_at DATETIME(3) NOT NULL,
      PRIMARY KEY (token_hash),
      KEY expires_at (expires_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
