/**
 * The library's fixed, documented sets (docs/library.md). A route's `{type}` or `category`
 * is compared against these lists and nothing else: an unknown value never reaches a query.
 */

export const TEMPLATE_CATEGORIES = ['social-post', 'story', 'banner', 'product-card', 'quote', 'event', 'announcement'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Size presets: `type` names the placement; its width and height are fixed, except `custom`. */
export const TEMPLATE_TYPES = {
  'instagram-post': { width: 1080, height: 1080 },
  'instagram-portrait': { width: 1080, height: 1350 },
  story: { width: 1080, height: 1920 },
  'facebook-post': { width: 1200, height: 630 },
  'x-post': { width: 1600, height: 900 },
  'linkedin-banner': { width: 1584, height: 396 },
  'youtube-thumbnail': { width: 1280, height: 720 },
  'pinterest-pin': { width: 1000, height: 1500 },
  'web-leaderboard': { width: 728, height: 90 },
  'web-rectangle': { width: 300, height: 250 },
  poster: { width: 1240, height: 1754 },
  custom: null,
} as const satisfies Record<string, { width: number; height: number } | null>;
export type TemplateType = keyof typeof TEMPLATE_TYPES;

/** The format an editor exports a finished image in. */
export const TEMPLATE_FORMATS = ['png', 'jpeg', 'webp', 'svg'] as const;

/** `GET /image-samples/{type}`: content to fill templates with. */
export const SAMPLE_TYPES = ['photos', 'logos', 'texts', 'palettes'] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

/** `GET /image-editor-assets/{type}`: building blocks of the editor. */
export const ASSET_TYPES = ['shapes', 'icons', 'backgrounds', 'fonts'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export type ItemKind = 'template' | 'sample' | 'asset';
export type ItemStatus = 'active' | 'archived';
export const ITEM_STATUSES: readonly ItemStatus[] = ['active', 'archived'];

/** Id prefixes (docs/architecture.md §3): `tpl_`, `smp_`, `ast_` followed by a ULID. */
export const ID_PREFIX: Record<ItemKind, string> = { template: 'tpl', sample: 'smp', asset: 'ast' };
export const ITEM_ID_PATTERN = /^(tpl|smp|ast)_[0-9A-Z]{26}$/;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export function kindOfId(id: string): ItemKind | null {
  const match = ITEM_ID_PATTERN.exec(id);
  if (!match) return null;
  return match[1] === 'tpl' ? 'template' : match[1] === 'smp' ? 'sample' : 'asset';
}

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** The one file name each kind may carry: a template's preview, a sample's or asset's image. */
export const FILE_NAME: Record<ItemKind, string> = { template: 'preview.svg', sample: 'image.svg', asset: 'image.svg' };
export const SVG_MEDIA_TYPE = 'image/svg+xml';
