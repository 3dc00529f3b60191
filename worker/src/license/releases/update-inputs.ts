import { Problems, type Raw } from '../../support/problems';
import type { Channel, Product } from './release-rows';
import { SLUG_PATTERN } from './release-inputs';

/** An installed plugin or theme as the site reports it. */
export interface Installed {
  product: Product;
  /** WordPress's key for it: the plugin's file (`acme-forms/acme-forms.php`), the theme's folder. */
  key: string;
  version: string;
}

/** `POST /updates/check`' body (docs/api-notes.md "Releases and updates"). */
export interface UpdateCheck {
  installed: Installed[];
  wpVersion: string;
  phpVersion: string;
  channel: Channel;
}

const MAX_ITEMS = 200;
const VERSION = /^[0-9A-Za-z._+-]{1,40}$/;

function items(raw: unknown, field: 'plugins' | 'themes', problems: Problems): Installed[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_ITEMS) {
    problems.add(field, `must be a list of up to ${MAX_ITEMS} objects`);
    return [];
  }
  const found: Installed[] = [];
  raw.forEach((item: unknown, index) => {
    const entry = (item ?? {}) as Raw;
    const key = field === 'plugins' ? entry.file : entry.slug;
    const pattern = field === 'plugins' ? /^([a-z0-9][a-z0-9_-]{0,99})\/[A-Za-z0-9_.-]{1,100}\.php$/ : SLUG_PATTERN;
    const match = typeof key === 'string' ? pattern.exec(key) : null;
    if (!match)
      problems.add(
        `${field}[${index}].${field === 'plugins' ? 'file' : 'slug'}`,
        field === 'plugins' ? 'must be folder/file.php' : "must be the theme's folder",
      );
    if (typeof entry.version !== 'string' || !VERSION.test(entry.version))
      problems.add(`${field}[${index}].version`, 'must be a version string');
    if (match && typeof entry.version === 'string' && VERSION.test(entry.version))
      found.push({
        product: { type: field === 'plugins' ? 'plugin' : 'theme', slug: field === 'plugins' ? match[1]! : (key as string) },
        key: key as string,
        version: entry.version,
      });
  });
  return found;
}

export function parseUpdateCheck(raw: Raw): UpdateCheck {
  const problems = new Problems();
  const installed = [...items(raw.plugins, 'plugins', problems), ...items(raw.themes, 'themes', problems)];
  const version = (name: string) => {
    const value = raw[name];
    if (value === undefined) return '';
    if (typeof value !== 'string' || !VERSION.test(value)) problems.add(name, 'must be a version string');
    return typeof value === 'string' ? value : '';
  };
  const wpVersion = version('wp_version');
  const phpVersion = version('php_version');
  const channel = raw.channel ?? 'stable';
  if (channel !== 'stable' && channel !== 'beta') problems.add('channel', 'must be stable or beta');
  problems.throwIfAny();
  return { installed, wpVersion, phpVersion, channel: channel as Channel };
}
