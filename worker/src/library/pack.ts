import { integrity } from './canonical-json';
import { parseDefinition } from './definition';
import { ASSET_DATA, SAMPLE_DATA } from './entry-data';
import { itemHash } from './item-hash';
import { Problems } from './problems';
import { SvgError, sanitiseSvg } from './svg-sanitiser';
import {
  ASSET_TYPES,
  FILE_NAME,
  ITEM_STATUSES,
  SAMPLE_TYPES,
  SLUG_PATTERN,
  SVG_MEDIA_TYPE,
  TEMPLATE_CATEGORIES,
  TEMPLATE_FORMATS,
  TEMPLATE_TYPES,
  type ItemKind,
  type ItemStatus,
  type TemplateType,
} from './vocabulary';

/**
 * The template pack (docs/library.md, "Pack format"): one JSON document holding templates,
 * samples and assets, and the SVG files they name, as text. Import and export use it; the
 * starter library is the same pack with its files beside it on disk. Everything is checked
 * before anything is stored; SVGs are sanitised here, so a parsed pack holds only the bytes
 * that will be stored and served.
 */

export const PACK_FORMAT = 'svc-hub-library-pack';
export const PACK_FORMAT_VERSION = 1;
export const PACK_PATH = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*){0,3}\.svg$/;
const TAG = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N} -]{0,39}$/u;
const KIND_LIST: Record<ItemKind, 'templates' | 'samples' | 'assets'> = { template: 'templates', sample: 'samples', asset: 'assets' };
const MAX_ITEMS = 1000;
/** Each item uses at most one file, so a pack with more files than items can hold is refused unread. */
const MAX_FILES = 3 * MAX_ITEMS;

export interface ItemFile {
  name: string;
  content: Buffer;
  hash: string;
  length: number;
  mediaType: string;
  /** Where the file also lies under the plugin's starter folder (served statically), else null. */
  staticPath: string | null;
}

export interface ItemInput {
  kind: ItemKind;
  slug: string;
  status: ItemStatus;
  /** The hashed content fields (item-hash.ts), validated. */
  fields: Record<string, unknown>;
  files: ItemFile[];
  hash: string;
}

export interface ParsedPack {
  items: ItemInput[];
  /** Files the sanitiser changed, with what it removed. */
  sanitised: { path: string; removed: string[] }[];
}

export interface PackOptions {
  /** Files lie under the starter folder at their pack path (the starter loader). */
  staticFiles?: boolean;
}

function tags(problems: Problems, value: unknown, path: string): string[] {
  return (problems.array(value ?? [], path, 20) ?? []).map(
    (tag, index) =>
      problems.text(tag, `${path}[${index}]`, {
        max: 40,
        pattern: TAG,
        patternText: 'must be lower-case words, digits, spaces or dashes',
      }) ?? '',
  );
}

function templateFields(problems: Problems, entry: Record<string, unknown>, path: string): Record<string, unknown> {
  const type = problems.oneOf(entry.type, `${path}.type`, Object.keys(TEMPLATE_TYPES) as TemplateType[]);
  const width = problems.number(entry.width, `${path}.width`, 16, 8192, true);
  const height = problems.number(entry.height, `${path}.height`, 16, 8192, true);
  const preset = type ? TEMPLATE_TYPES[type] : null;
  if (preset && width !== undefined && height !== undefined && (preset.width !== width || preset.height !== height)) {
    problems.add(`${path}.width`, `type ${type} is ${preset.width}×${preset.height}; use type "custom" for other sizes`);
  }
  return {
    slug: entry.slug,
    title: problems.text(entry.title, `${path}.title`, { max: 120 }),
    category: problems.oneOf(entry.category, `${path}.category`, TEMPLATE_CATEGORIES),
    type,
    tags: tags(problems, entry.tags, `${path}.tags`),
    width,
    height,
    format: problems.oneOf(entry.format, `${path}.format`, TEMPLATE_FORMATS),
    definition: parseDefinition(problems, entry.definition, `${path}.definition`),
  };
}

function entryFields(problems: Problems, kind: 'sample' | 'asset', entry: Record<string, unknown>, path: string) {
  const type =
    kind === 'sample' ? problems.oneOf(entry.type, `${path}.type`, SAMPLE_TYPES) : problems.oneOf(entry.type, `${path}.type`, ASSET_TYPES);
  const rules =
    type === undefined
      ? undefined
      : kind === 'sample'
        ? SAMPLE_DATA[type as keyof typeof SAMPLE_DATA]
        : ASSET_DATA[type as keyof typeof ASSET_DATA];
  const data = problems.object(entry.data, `${path}.data`) ?? {};
  return {
    image: rules?.image ?? false,
    fields: {
      slug: entry.slug,
      type,
      title: problems.text(entry.title, `${path}.title`, { max: 120 }),
      tags: tags(problems, entry.tags, `${path}.tags`),
      data: rules ? rules.read(problems, data, `${path}.data`) : {},
    },
  };
}

class FileTable {
  private readonly used = new Set<string>();
  private readonly parsed = new Map<string, ItemFile | null>();
  readonly sanitised: { path: string; removed: string[] }[] = [];

  private readonly paths: string[];

  constructor(
    private readonly problems: Problems,
    private readonly files: Record<string, unknown>,
    private readonly options: PackOptions,
  ) {
    this.paths = Object.keys(files);
    if (this.paths.length > MAX_FILES) {
      problems.add('files', `must hold at most ${MAX_FILES} files`);
      this.paths = [];
    }
    for (const path of this.paths)
      if (!PACK_PATH.test(path))
        problems.add(`files["${path.slice(0, 80)}"]`, 'a file path is lower-case segments joined by "/" ending in .svg');
  }

  take(path: unknown, name: string, where: string): ItemFile | undefined {
    if (typeof path !== 'string' || !PACK_PATH.test(path))
      return void this.problems.add(where, "must be the path of an .svg file in the pack's files");
    if (!Object.prototype.hasOwnProperty.call(this.files, path))
      return void this.problems.add(where, `names "${path.slice(0, 80)}", which is not in the pack's files`);
    this.used.add(path);
    if (!this.parsed.has(path)) this.parsed.set(path, this.sanitise(path));
    const file = this.parsed.get(path);
    return file ? { ...file, name } : undefined;
  }

  private sanitise(path: string): ItemFile | null {
    const text = this.files[path];
    if (typeof text !== 'string') return (this.problems.add(`files["${path.slice(0, 80)}"]`, 'must be the SVG text'), null);
    try {
      const result = sanitiseSvg(text);
      if (result.removed.length > 0) this.sanitised.push({ path, removed: result.removed });
      const content = Buffer.from(result.svg, 'utf8');
      return {
        name: '',
        content,
        hash: integrity(content),
        length: content.length,
        mediaType: SVG_MEDIA_TYPE,
        staticPath: this.options.staticFiles ? path : null,
      };
    } catch (error) {
      if (!(error instanceof SvgError)) throw error;
      this.problems.add(`files["${path.slice(0, 80)}"]`, error.message);
      return null;
    }
  }

  checkAllUsed(): void {
    for (const path of this.paths) if (!this.used.has(path)) this.problems.add(`files["${path.slice(0, 80)}"]`, 'is not used by any item');
  }
}

/** Validates a whole pack; throws one svc_invalid_request naming its problems (the first MAX_REPORTED_PROBLEMS). */
export function parsePack(body: unknown, options: PackOptions = {}): ParsedPack {
  const problems = new Problems();
  const pack = problems.object(body, 'pack') ?? {};
  if (pack.format !== PACK_FORMAT) problems.add('format', `must be "${PACK_FORMAT}"`);
  if (pack.format_version !== PACK_FORMAT_VERSION) problems.add('format_version', `must be ${PACK_FORMAT_VERSION}`);
  const files = new FileTable(problems, problems.object(pack.files ?? {}, 'files') ?? {}, options);
  const items: ItemInput[] = [];
  for (const kind of ['template', 'sample', 'asset'] as const) {
    const list = KIND_LIST[kind];
    const slugs = new Set<string>();
    (problems.array(pack[list] ?? [], list, MAX_ITEMS) ?? []).forEach((value, index) => {
      const path = `${list}[${index}]`;
      const entry = problems.object(value, path) ?? {};
      if (typeof entry.slug !== 'string' || !SLUG_PATTERN.test(entry.slug))
        problems.add(`${path}.slug`, 'must be 1 to 80 lower-case letters, digits and dashes');
      else if (slugs.has(entry.slug)) problems.add(`${path}.slug`, `"${entry.slug}" appears twice among the ${list}`);
      else slugs.add(entry.slug);
      const status = entry.status === undefined ? 'active' : problems.oneOf(entry.status, `${path}.status`, ITEM_STATUSES);
      const parsed =
        kind === 'template' ? { fields: templateFields(problems, entry, path), image: true } : entryFields(problems, kind, entry, path);
      const fileField = kind === 'template' ? 'preview' : 'image';
      if (!parsed.image && entry[fileField] !== undefined) problems.add(`${path}.${fileField}`, 'this type has no image');
      const file = parsed.image ? files.take(entry[fileField], FILE_NAME[kind], `${path}.${fileField}`) : undefined;
      const itemFiles = file ? [file] : [];
      if (!problems.empty) return;
      const hashes = Object.fromEntries(itemFiles.map((item) => [item.name, item.hash]));
      items.push({
        kind,
        slug: entry.slug as string,
        status: status ?? 'active',
        fields: parsed.fields,
        files: itemFiles,
        hash: itemHash(kind, parsed.fields, hashes),
      });
    });
  }
  files.checkAllUsed();
  if (items.length === 0 && problems.empty) problems.add('pack', 'holds no templates, samples or assets');
  problems.throwIfAny();
  return { items, sanitised: files.sanitised };
}
