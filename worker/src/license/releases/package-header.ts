import { ZipProblem, readZipEntries, readZipEntry, type ZipEntry } from './zip-entries';

export type ProductType = 'plugin' | 'theme';

/** What a release zip's main file says about itself (WordPress's get_file_data() reading). */
export interface PackageHeader {
  name: string;
  version: string;
  updateUri: string;
}

/** The `Update URI` host that means "the hub the site is connected to" (svc-client's and svc-hub's own headers). */
export const CONNECTED_HUB_HOST = 'svc-hub.invalid';

/** WordPress reads headers from a file's first 8 KiB only. */
const HEADER_BYTES = 8 * 1024;

/** A header's value as get_file_data() and _cleanup_header_comment() read it, or "". */
export function headerValue(text: string, header: string): string {
  const quoted = header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${quoted}:(.*)$`, 'mi').exec(text);
  return match ? match[1]!.replace(/\s*(?:\*\/|\?>).*/, '').trim() : '';
}

function mainFileCandidates(entries: ZipEntry[], type: ProductType, slug: string): ZipEntry[] {
  if (type === 'theme') return entries.filter((entry) => entry.name === `${slug}/style.css`);
  return entries.filter((entry) => entry.name.startsWith(`${slug}/`) && /^[^/]+\.php$/.test(entry.name.slice(slug.length + 1)));
}

/**
 * A release zip checked (docs/commerce.md "Releases and updates"): a real zip, names that stay in
 * their folder, no bomb, every file inside `{slug}/` (the folder WordPress installs it as), and a
 * main file whose header has the name, the given version and an `Update URI` on the hub's host.
 * Throws ZipProblem naming what is wrong.
 */
export function checkReleaseZip(
  zip: Buffer,
  product: { type: ProductType; slug: string },
  version: string,
  hubHost: string,
): PackageHeader {
  const entries = readZipEntries(zip);
  const outside = entries.find((entry) => !entry.name.startsWith(`${product.slug}/`));
  if (outside) throw new ZipProblem(`holds ${JSON.stringify(outside.name.slice(0, 80))} outside the folder ${product.slug}/`);
  const nameHeader = product.type === 'theme' ? 'Theme Name' : 'Plugin Name';
  for (const entry of mainFileCandidates(entries, product.type, product.slug)) {
    const text = readZipEntry(zip, entry).subarray(0, HEADER_BYTES).toString('utf8').replace(/\r/g, '\n');
    const name = headerValue(text, nameHeader);
    if (name === '') continue;
    const header = { name, version: headerValue(text, 'Version'), updateUri: headerValue(text, 'Update URI') };
    if (header.version !== version)
      throw new ZipProblem(`says Version: ${JSON.stringify(header.version)} in ${entry.name}, not ${version}`);
    let host = '';
    try {
      host = new URL(header.updateUri).hostname.toLowerCase();
    } catch {
      host = '';
    }
    if (host !== hubHost.toLowerCase() && host !== CONNECTED_HUB_HOST)
      throw new ZipProblem(
        `says Update URI: ${JSON.stringify(header.updateUri)} in ${entry.name}; it must point at this hub (${hubHost}) or at ${CONNECTED_HUB_HOST}`,
      );
    return header;
  }
  throw new ZipProblem(
    `has no ${product.type === 'theme' ? `${product.slug}/style.css` : `${product.slug}/*.php`} with a "${nameHeader}:" header`,
  );
}
