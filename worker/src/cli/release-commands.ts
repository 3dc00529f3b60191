import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readReleaseUpload } from '../license/releases/release-inputs';
import type { ReleaseServices } from '../license/releases/release-services';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;

const UPLOAD_FLAGS = [
  'package',
  'type',
  'slug',
  'version',
  'channel',
  'changelog-file',
  'requires-wp',
  'requires-php',
  'tested-wp',
  'renewal-url',
];

/** The CLI's flags as the admin route's form, read by the same function (the CLI and the screen accept and refuse alike). */
async function uploadForm(flags: Record<string, string | undefined>, zipPath: string) {
  const form = new FormData();
  const fields: Record<string, string | undefined> = {
    package_id: flags.package,
    type: flags.type,
    slug: flags.slug,
    version: flags.version,
    channel: flags.channel,
    changelog: flags['changelog-file'] ? await readFile(flags['changelog-file'], 'utf8') : undefined,
    requires_wp: flags['requires-wp'],
    requires_php: flags['requires-php'],
    tested_wp: flags['tested-wp'],
    renewal_url: flags['renewal-url'],
  };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', new Blob([await readFile(zipPath)]), basename(zipPath));
  const request = new Request('http://cli/', { method: 'POST', body: form });
  return readReleaseUpload(request.headers.get('content-type') ?? undefined, Buffer.from(await request.arrayBuffer()));
}

/**
 * `release upload|list|rollback` (docs/commerce.md "Releases and updates"): a release zip of a
 * package's plugin or theme checked and stored as the admin route does, the releases with their
 * download counts, a product rolled back to an earlier version (newer ones withdrawn).
 */
export async function releaseCommand(
  services: { releases: ReleaseServices },
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
) {
  const { releases } = services.releases;
  switch (action) {
    case 'upload': {
      const flags = takeFlags(parsed, UPLOAD_FLAGS, ['package', 'slug', 'version']);
      const zipPath = parsed.positionals[2];
      if (!zipPath)
        throw new UsageError('Usage: release upload --package ID --slug SLUG --version VERSION [--type plugin|theme] … FILE.zip');
      const release = await releases.upload(await uploadForm(flags, zipPath));
      print(
        `${release.id}  ${release.product.type} ${release.product.slug} ${release.version} (${release.channel}), sha256 ${release.sha256}`,
      );
      return;
    }
    case 'list': {
      takeFlags(parsed, []);
      print(['id', 'type', 'slug', 'version', 'channel', 'state', 'downloads', 'uploaded'].join('\t'));
      for (const release of await releases.rows.list())
        print(
          [
            release.id,
            release.product.type,
            release.product.slug,
            release.version,
            release.channel,
            release.withdrawn ? 'withdrawn' : 'offered',
            release.downloads,
            release.createdAt.toISOString(),
          ].join('\t'),
        );
      return;
    }
    case 'rollback': {
      const flags = takeFlags(parsed, ['type', 'slug', 'version'], ['slug', 'version']);
      const type = flags.type ?? 'plugin';
      if (type !== 'plugin' && type !== 'theme') throw new UsageError('--type must be plugin or theme.');
      const list = await releases.rollback({ type, slug: flags.slug! }, flags.version!);
      for (const release of list)
        print(`${release.version}\t${release.withdrawn ? 'withdrawn' : 'offered'}\t${release.downloads} downloads`);
      return;
    }
    default:
      throw new UsageError('Usage: release upload|list|rollback (see help)');
  }
}
