import { ApiError } from '../../support/api-error';
import { renderChangelog } from './changelog';
import { checkReleaseZip } from './package-header';
import type { ProductCoverage } from './product-coverage';
import type { ReleaseFiles } from './release-files';
import type { ReleaseUpload } from './release-inputs';
import { type Product, type ReleaseRecord, type ReleaseStore } from './release-rows';
import { compareVersions } from './version-compare';
import { ZipProblem } from './zip-entries';

/** The admin's side of releases (docs/commerce.md "Releases and updates"): upload, list, rollback. */
export class Releases {
  constructor(
    readonly rows: ReleaseStore,
    readonly files: ReleaseFiles,
    readonly coverage: ProductCoverage,
    private readonly hubHost: string,
  ) {}

  /** A checked zip stored and recorded; 400 naming the field for a bad zip, an unknown package or a version uploaded before. */
  async upload(input: ReleaseUpload): Promise<ReleaseRecord> {
    let name: string;
    try {
      name = checkReleaseZip(input.zip, input.product, input.version, this.hubHost).name;
    } catch (error) {
      if (error instanceof ZipProblem) throw ApiError.invalidRequest({ file: error.message });
      throw error;
    }
    const bound = await this.coverage.bind(input.packageId, input.product, input.renewalUrl);
    if (bound === 'unknown') throw ApiError.invalidRequest({ package_id: 'no package has this id' });
    if (bound === 'other') throw ApiError.invalidRequest({ package_id: 'this package delivers another plugin or theme' });
    const sha256 = await this.files.put(input.zip);
    const id = await this.rows.insert({
      product: input.product,
      version: input.version,
      channel: input.channel,
      name: name.slice(0, 190),
      changelog: renderChangelog(input.changelog),
      requiresWp: input.requiresWp,
      requiresPhp: input.requiresPhp,
      testedWp: input.testedWp,
      sha256,
      sizeBytes: input.zip.length,
    });
    if (id === null) throw ApiError.invalidRequest({ version: `${input.product.slug} already has a release ${input.version}` });
    return (await this.rows.find(id))!;
  }

  /**
   * Makes `version` the product's current release: it is offered again and every newer one is
   * withdrawn (kept, counted, downloadable by no one until restored by a rollback to it).
   * Sites already on a newer version keep it: WordPress never offers an older one.
   */
  async rollback(product: Product, version: string): Promise<ReleaseRecord[]> {
    const all = await this.rows.forProduct(product);
    const target = all.find((release) => release.version === version);
    if (!target) throw ApiError.notFound(`${product.type} ${product.slug} has no release ${version}.`);
    await this.rows.setWithdrawn(
      all.filter((release) => compareVersions(release.version, version) > 0).map((release) => release.id),
      true,
    );
    await this.rows.setWithdrawn([target.id], false);
    return this.rows.forProduct(product);
  }
}
