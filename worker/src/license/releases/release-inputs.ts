import { ApiError } from '../../support/api-error';
import { Problems } from '../../support/problems';
import type { ProductType } from './package-header';
import type { Channel } from './release-rows';
import { validReleaseVersion } from './version-compare';

/** The largest release zip the hub takes (the upload route's body limit is a little more, for the form). */
export const MAX_RELEASE_BYTES = 32 * 1024 * 1024;
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const REQUIREMENT = /^\d+(\.\d+){0,3}$/;

/** `POST /admin/releases`' form (docs/api-notes.md "Releases and updates"). */
export interface ReleaseUpload {
  packageId: string;
  product: { type: ProductType; slug: string };
  version: string;
  channel: Channel;
  changelog: string;
  requiresWp: string | null;
  requiresPhp: string | null;
  testedWp: string | null;
  renewalUrl: string | null;
  zip: Buffer;
}

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : null;
}

/** A multipart/form-data upload read and every field checked: 400 naming each bad field. */
export async function readReleaseUpload(contentType: string | undefined, body: Buffer): Promise<ReleaseUpload> {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType))
    throw new ApiError(415, 'svc_unsupported_media_type', 'POST /admin/releases takes multipart/form-data.');
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ApiError.invalidRequest({ body: 'is not a well-formed multipart/form-data body' });
  }
  const problems = new Problems();
  const packageId = text(form, 'package_id') ?? '';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(packageId)) problems.add('package_id', 'must be the id of the package that delivers this product');
  const type = text(form, 'type') ?? 'plugin';
  if (type !== 'plugin' && type !== 'theme') problems.add('type', 'must be plugin or theme');
  const slug = text(form, 'slug') ?? '';
  if (!SLUG_PATTERN.test(slug)) problems.add('slug', "must be the plugin's or theme's folder name (a-z, 0-9, - and _)");
  const version = text(form, 'version') ?? '';
  if (!validReleaseVersion(version)) problems.add('version', 'must be a version such as 1.2.0 or 2.0.0-beta.1');
  const channel = text(form, 'channel') || 'stable';
  if (channel !== 'stable' && channel !== 'beta') problems.add('channel', 'must be stable or beta');
  const changelog = text(form, 'changelog') ?? '';
  if (changelog.length > 200_000) problems.add('changelog', 'must be at most 200000 characters');
  const requirement = (name: string) => {
    const value = text(form, name) || null;
    if (value !== null && !REQUIREMENT.test(value)) problems.add(name, 'must be a version number such as 6.5 or 8.1');
    return value;
  };
  const [requiresWp, requiresPhp, testedWp] = [requirement('requires_wp'), requirement('requires_php'), requirement('tested_wp')];
  const renewalUrl = text(form, 'renewal_url') || null;
  if (renewalUrl !== null && (renewalUrl.length > 255 || !/^https?:\/\/[^\s"'<>]+$/i.test(renewalUrl)))
    problems.add('renewal_url', 'must be an absolute http(s) URL of up to 255 characters');
  const file = form.get('file');
  const zip = file !== null && typeof file !== 'string' ? Buffer.from(await file.arrayBuffer()) : null;
  if (zip === null) problems.add('file', 'give the release zip as a file');
  else if (zip.length > MAX_RELEASE_BYTES) problems.add('file', `must be at most ${MAX_RELEASE_BYTES} bytes`);
  problems.throwIfAny();
  return {
    packageId,
    product: { type: type as ProductType, slug },
    version,
    channel: channel as Channel,
    changelog,
    requiresWp,
    requiresPhp,
    testedWp,
    renewalUrl,
    zip: zip!,
  };
}
