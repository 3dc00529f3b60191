import type { Database } from '../../db/connections';
import { DownloadClaims } from './download-claims';
import { DownloadTokens } from './download-token';
import { ProductCoverage } from './product-coverage';
import { ReleaseFiles } from './release-files';
import { ReleaseStore } from './release-rows';
import { Releases } from './releases';
import { Updates } from './updates';

/** Releases and updates (docs/commerce.md "Releases and updates"), built once. */
export interface ReleaseServices {
  releases: Releases;
  updates: Updates;
  tokens: DownloadTokens;
  claims: DownloadClaims;
}

export function createReleaseServices(
  database: Database,
  config: { encryptionKey: Buffer; publicUrl: string; releasesDir: string },
): ReleaseServices {
  const tokens = new DownloadTokens(config.encryptionKey);
  const releases = new Releases(
    new ReleaseStore(database),
    new ReleaseFiles(config.releasesDir),
    new ProductCoverage(database),
    new URL(config.publicUrl).hostname,
  );
  return {
    releases,
    updates: new Updates(releases, tokens, config.publicUrl.replace(/\/+$/, '')),
    tokens,
    claims: new DownloadClaims(database),
  };
}

/**
 * A signed, short-lived URL that downloads a release for a site (the customer portal's
 * "Download" link, the update check's `package`); the caller has checked the site's coverage.
 */
export function releaseDownloadUrl(services: ReleaseServices, siteUrl: string, releaseId: string): string {
  return services.updates.downloadUrl(releaseId, siteUrl);
}
