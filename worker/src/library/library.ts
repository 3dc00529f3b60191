import { resolve } from 'node:path';
import type { Database } from '../db/connections';
import type { Logger } from '../support/logger';
import { hashJson } from './canonical-json';
import { exportPack } from './export';
import { parsePack, type ParsedPack } from './pack';
import { readPackFolder } from './pack-folder';
import { RenderLog } from './renders/render-log';
import { Renderer, type RenderSettings } from './renders/renderer';
import type { ImageSources } from './renders/render-images';
import type { RenderEngine } from './renders/fill-template';
import { OutboundGuard } from '../support/outbound-guard';
import type { LibraryLinks } from './serialise';
import { LibraryStore, type LibraryState } from './library-rows';
import type { ItemKind } from './vocabulary';
import { LibraryWriter, type Origin } from './writer';

/** The shipped starter library, beside the worker in the same checkout (plugin/library/starter). */
export const STARTER_DIR = resolve(__dirname, '..', '..', '..', 'plugin', 'library', 'starter');

export interface ImportReport extends LibraryState {
  changed: boolean;
  created: { kind: ItemKind; id: string; slug: string }[];
  updated: { kind: ItemKind; id: string; slug: string }[];
  unchanged: number;
  /** SVG files the sanitiser changed, and what it removed from each. */
  sanitised: ParsedPack['sanitised'];
}

/**
 * The engine, loaded at the first render: sharp, resvg and the fonts cost a worker that never
 * renders tens of MB of RSS (docs/benchmarks.md).
 */
const renderLazily: RenderEngine = async (filled, output) => (await import('./render')).renderTemplate(filled, output);

/** The renderer's bounds and where its images come from (config.ts: renders, images, outbox.outboundAllow). */
export interface RenderOptions {
  settings: RenderSettings;
  sources: Omit<ImageSources, 'store'>;
}

/** The options from the worker's settings (SVC_RENDER_*, SVC_IMAGE_*, SVC_OUTBOUND_ALLOW). */
export function renderOptions(settings: RenderSettings, limits: ImageSources['limits'], outboundAllow: string[]): RenderOptions {
  return { settings, sources: { guard: new OutboundGuard(outboundAllow), allow: outboundAllow, limits } };
}

/** Without a config (CLI, tests): public addresses only, the documented defaults (docs/configuration.md). */
export const DEFAULT_RENDER_OPTIONS: RenderOptions = {
  settings: { concurrency: 2, queue: 16, cacheEntries: 500, cacheBytes: 64 * 1_048_576 },
  sources: { guard: new OutboundGuard([]), allow: [], limits: { maxBytes: 10_485_760, fetchTimeoutMs: 10_000 } },
};

/** The library area: reads, changes (each bumping the version), import, export, the starter. */
export class Library {
  readonly store: LibraryStore;
  readonly writer: LibraryWriter;
  /** One row per render (docs/library.md "Rendering"); `recentRenders`, `renderSummary` for the admin screen. */
  readonly renderLog: RenderLog;
  /** Templates rendered to their final image (`POST /svc/v1/image-renders`, docs/library.md "Rendering"). */
  readonly renderer: Renderer;

  /** Where answers link to: the site, and the plugin's folder (starter previews). */
  readonly links: LibraryLinks;

  /** `site`: SVC_PUBLIC_URL, or the links in full when the plugin is not at /wp-content/plugins/svc-hub. */
  constructor(
    database: Database,
    site: string | LibraryLinks,
    private readonly logger: Logger,
    readonly starterDir = STARTER_DIR,
    render: RenderOptions = DEFAULT_RENDER_OPTIONS,
  ) {
    this.store = new LibraryStore(database);
    this.writer = new LibraryWriter(database);
    this.renderLog = new RenderLog(database);
    this.renderer = new Renderer(
      this.store,
      this.renderLog,
      renderLazily,
      { ...render.sources, store: this.store },
      render.settings,
      logger,
    );
    this.links = typeof site === 'string' ? { publicUrl: site, pluginUrl: `${site}/wp-content/plugins/svc-hub` } : site;
  }

  get publicUrl(): string {
    return this.links.publicUrl;
  }

  /** Imports a pack all-or-nothing: it is validated whole first, then applied in one transaction. */
  async importPack(body: unknown, origin: Origin = 'import'): Promise<ImportReport> {
    return this.apply(parsePack(body, { staticFiles: origin === 'starter' }), origin);
  }

  private async apply(pack: ParsedPack, origin: Origin, starterHash?: string, onlyIfNeverLoaded = false): Promise<ImportReport> {
    const report: Pick<ImportReport, 'created' | 'updated' | 'unchanged'> = { created: [], updated: [], unchanged: 0 };
    const { state, changed } = await this.writer.change(async (change) => {
      if (onlyIfNeverLoaded && change.starterLoadedAt) return;
      for (const item of pack.items) {
        const { id, outcome } = await this.writer.upsert(change, item, origin);
        if (outcome === 'unchanged') report.unchanged += 1;
        else report[outcome].push({ kind: item.kind, id, slug: item.slug });
      }
      if (starterHash) await this.writer.markStarterLoaded(change, starterHash);
    });
    return { ...state, changed, ...report, sanitised: pack.sanitised };
  }

  /**
   * Loads the shipped starter library (items with the same slug are replaced). With
   * `onlyIfNeverLoaded` (the worker's start) nothing happens once it was loaded before, so
   * items an admin deleted stay deleted (checked again under the state row's lock, so workers
   * starting together load it once). Null when it was loaded before, or the folder is missing.
   */
  async loadStarter(onlyIfNeverLoaded: boolean): Promise<ImportReport | null> {
    if (onlyIfNeverLoaded && (await this.store.starterLoaded())) return null;
    let body: Record<string, unknown>;
    try {
      body = readPackFolder(this.starterDir);
    } catch (error) {
      this.logger.warn('the starter library could not be read', { folder: this.starterDir, error: (error as Error).message });
      return null;
    }
    return this.apply(parsePack(body, { staticFiles: true }), 'starter', hashJson(body), onlyIfNeverLoaded);
  }

  async exportPack(): Promise<Record<string, unknown>> {
    return exportPack(this.store, await this.store.state(), this.publicUrl);
  }
}
