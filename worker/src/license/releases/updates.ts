import type { DownloadTokens } from './download-token';
import type { Releases } from './releases';
import type { Channel, Product, ReleaseRecord } from './release-rows';
import type { Installed, UpdateCheck } from './update-inputs';
import { compareVersions } from './version-compare';

/** What a site is told about one product: WordPress's update object (docs/api-notes.md "Releases and updates"). */
export interface UpdateAnswer {
  slug: string;
  version: string;
  name: string;
  url: string;
  /** The signed download URL, or "" when the site's entitlement does not cover the product now. */
  package: string;
  tested: string;
  requires: string;
  requires_php: string;
  upgrade_notice: string;
  renewal_url: string;
  last_updated: string;
}

const fits = (required: string | null, have: string) => required === null || have === '' || compareVersions(have, required) >= 0;

/** The newest release a site may see: not withdrawn, on its channel (beta sees stable too), its requirements met. */
export function newestFor(releases: ReleaseRecord[], channel: Channel, wpVersion: string, phpVersion: string): ReleaseRecord | null {
  return (
    releases.find(
      (release) =>
        !release.withdrawn &&
        (release.channel === 'stable' || channel === 'beta') &&
        fits(release.requiresWp, wpVersion) &&
        fits(release.requiresPhp, phpVersion),
    ) ?? null
  );
}

/** The sites' side: update checks, details, download URLs (docs/commerce.md "Releases and updates"). */
export class Updates {
  constructor(
    private readonly releases: Releases,
    private readonly tokens: DownloadTokens,
    private readonly publicUrl: string,
  ) {}

  downloadUrl(releaseId: string, siteUrl: string): string {
    return `${this.publicUrl}/wp-json/svc-license/v1/downloads/${this.tokens.issue(releaseId, siteUrl)}`;
  }

  /** Per installed product the hub releases, keyed as WordPress keys it; products the hub does not release are left out. */
  async check(
    siteUrl: string,
    check: UpdateCheck,
  ): Promise<{ plugins: Record<string, UpdateAnswer>; themes: Record<string, UpdateAnswer> }> {
    const answer = { plugins: {} as Record<string, UpdateAnswer>, themes: {} as Record<string, UpdateAnswer> };
    for (const installed of check.installed) {
      const release = newestFor(await this.releases.rows.forProduct(installed.product), check.channel, check.wpVersion, check.phpVersion);
      if (!release) continue;
      (installed.product.type === 'plugin' ? answer.plugins : answer.themes)[installed.key] = await this.answer(
        siteUrl,
        release,
        installed,
      );
    }
    return answer;
  }

  async answer(siteUrl: string, release: ReleaseRecord, installed?: Installed): Promise<UpdateAnswer> {
    const coverage = await this.releases.coverage.coverage(siteUrl, release.product);
    const newer = installed ? compareVersions(release.version, installed.version) > 0 : true;
    return {
      slug: release.product.slug,
      version: release.version,
      name: release.name,
      url: coverage.renewalUrl ?? this.publicUrl,
      package: coverage.covered ? this.downloadUrl(release.id, siteUrl) : '',
      tested: release.testedWp ?? '',
      requires: release.requiresWp ?? '',
      requires_php: release.requiresPhp ?? '',
      upgrade_notice:
        coverage.covered || !newer
          ? ''
          : `Version ${release.version} is available. Your licence does not cover updates now${coverage.renewalUrl ? `: renew at ${coverage.renewalUrl}` : ''}.`,
      renewal_url: coverage.renewalUrl ?? '',
      last_updated: release.createdAt.toISOString(),
    };
  }

  /** plugins_api's details of the product's newest stable release the site may see, or null. */
  async info(siteUrl: string, product: Product, channel: Channel) {
    const release = newestFor(await this.releases.rows.forProduct(product), channel, '', '');
    if (!release) return null;
    const answer = await this.answer(siteUrl, release);
    return {
      ...answer,
      download_link: answer.package,
      sections: { description: `<p>${escapeHtml(release.name)}</p>`, changelog: release.changelog },
    };
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
