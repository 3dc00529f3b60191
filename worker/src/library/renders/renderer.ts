import { performance } from 'node:perf_hooks';
import { ApiError } from '../../support/api-error';
import type { Raw } from '../../support/problems';
import type { Logger } from '../../support/logger';
import type { LibraryStore } from '../library-rows';
import { templateKey } from '../query';
import type { TemplateRow } from '../rows';
import { fieldValues } from './field-values';
import { fillDefinition, type RenderEngine, type RenderOutput } from './fill-template';
import { generatedLayers, type GeneratedLayer, type ImageGenerator } from './generated-layers';
import { RenderCache } from './render-cache';
import { resolveImages, type ImageSources } from './render-images';
import { renderKey } from './render-key';
import type { RenderLog, RenderLogEntry, RenderStatus } from './render-log';
import { outputSize, parseRenderRequest } from './render-request';
import { RenderSlots } from './render-slots';
import { effectiveFields } from './template-fields';

/** Bounds of the renderer (docs/configuration.md "Renders"). */
export interface RenderSettings {
  concurrency: number;
  queue: number;
  cacheEntries: number;
  cacheBytes: number;
}

/** Who renders: the key's id, site and team, the request id; and the router's image generation as them. */
export interface RenderContext {
  requestId: string;
  keyId: string;
  siteUrl: string;
  team: string;
  generator?: ImageGenerator;
}

export interface RenderResult {
  bytes: Buffer;
  mediaType: string;
  cache: 'hit' | 'miss';
  width: number;
  height: number;
  format: RenderOutput['format'];
  template: { id: string; slug: string; hash: string };
  /** How the client asked for the answer: the bytes, or a short-lived URL (render-files.ts). */
  response: 'image' | 'url';
  /** The metadata the client sent (usage attribution of generated layers). */
  metadata: { team: string; campaign: string; user: string };
}

function statusOf(error: unknown): { status: RenderStatus; code: string } {
  if (!(error instanceof ApiError)) return { status: 'failed', code: 'svc_internal' };
  if (error.status === 400) return { status: 'invalid', code: error.code };
  if (error.code === 'svc_busy') return { status: 'busy', code: error.code };
  return { status: error.status >= 500 ? 'failed' : 'refused', code: error.code };
}

/**
 * `POST /svc/v1/image-renders` without HTTP (docs/library.md "Rendering"): the body checked, the
 * template found (its hash checked against the client's `version`: 409), the field values
 * checked and their images fetched, then the image from the cache or rendered — generated layers
 * first, then the engine within the concurrency bound. One render-log row per call, whatever it ended in.
 */
export class Renderer {
  readonly cache: RenderCache;
  readonly slots: RenderSlots;

  constructor(
    private readonly store: LibraryStore,
    private readonly log: RenderLog,
    private readonly engine: RenderEngine,
    private readonly sources: ImageSources,
    settings: RenderSettings,
    private readonly logger: Logger,
  ) {
    this.cache = new RenderCache(settings.cacheEntries, settings.cacheBytes);
    this.slots = new RenderSlots(settings.concurrency, settings.queue);
  }

  async render(raw: Raw, context: RenderContext): Promise<RenderResult> {
    const started = performance.now();
    const entry: RenderLogEntry = {
      requestId: context.requestId,
      keyId: context.keyId,
      siteUrl: context.siteUrl,
      team: context.team,
      campaign: '',
      templateId: '',
      templateHash: '',
      format: '',
      width: 0,
      height: 0,
      bytes: 0,
      cacheHit: false,
      generatedLayers: 0,
      durationMs: 0,
      status: 'ok',
      errorCode: '',
    };
    try {
      const result = await this.run(raw, context, entry);
      entry.bytes = result.bytes.length;
      entry.cacheHit = result.cache === 'hit';
      return result;
    } catch (error) {
      const { status, code } = statusOf(error);
      entry.status = status;
      entry.errorCode = code;
      throw error;
    } finally {
      entry.durationMs = performance.now() - started;
      await this.log.write(entry).catch((error: Error) => this.logger.warn('a render could not be logged', { error: error.message }));
    }
  }

  private async run(raw: Raw, context: RenderContext, entry: RenderLogEntry): Promise<RenderResult> {
    const request = parseRenderRequest(raw);
    if (request.metadata.team) entry.team = request.metadata.team;
    entry.campaign = request.metadata.campaign;
    const template = await this.template(request.template);
    entry.templateId = template.id;
    entry.templateHash = template.hash;
    if (request.version !== null && request.version !== template.hash && request.version !== template.version) {
      throw new ApiError(409, 'svc_template_changed', 'The template changed since the client cached it; sync it and render again.', {
        params: { version: `is not the template's current hash (${template.hash}) or version (${template.version})` },
        hash: template.hash,
        version: template.version,
      });
    }
    const output: RenderOutput = {
      ...outputSize(template, request),
      format: request.format ?? (template.format as RenderOutput['format']),
    };
    Object.assign(entry, output);
    const values = fieldValues(effectiveFields(template.definition), request.fields, this.sources.limits.maxBytes);
    const images = await resolveImages(values, this.sources);
    const generated = generatedLayers(template.definition, values);
    entry.generatedLayers = generated.length;
    const key = renderKey(
      template.hash,
      values,
      images,
      output,
      generated.map(({ layer, prompt, model, quality }) => ({ layer, prompt, model, quality })),
    );
    const { image, hit } = await this.cache.through(key, async () => {
      await this.generate(generated, context, images, request.metadata);
      const filled = { width: template.width, height: template.height, definition: fillDefinition(template.definition, values), images };
      return this.slots.run(() => this.engine(filled, output));
    });
    if (hit) entry.generatedLayers = 0;
    return {
      bytes: image.bytes,
      mediaType: image.mediaType,
      cache: hit ? 'hit' : 'miss',
      ...output,
      template: { id: template.id, slug: template.slug, hash: template.hash },
      response: request.response,
      metadata: request.metadata,
    };
  }

  private async template(key: string): Promise<TemplateRow> {
    const checked = templateKey(key);
    const template = checked ? await this.store.findTemplate(checked) : null;
    if (!template) throw ApiError.notFound('No image template has this id or slug.');
    return template;
  }

  /** Each generated layer's image, drawn by the router as the caller, into `images` (before the engine's slot is taken). */
  private async generate(
    layers: GeneratedLayer[],
    context: RenderContext,
    images: Map<string, { bytes: Buffer; mediaType: string }>,
    metadata: RenderResult['metadata'],
  ) {
    if (layers.length === 0) return;
    const generator = context.generator;
    if (!generator) throw ApiError.forbidden('This template has generated layers; they are drawn only through POST /svc/v1/image-renders.');
    const drawn = await Promise.all(
      layers.map((layer) =>
        generator.generate({
          prompt: layer.prompt,
          model: layer.model,
          size: layer.size,
          ...(layer.quality && { quality: layer.quality }),
          metadata,
        }),
      ),
    );
    layers.forEach((layer, index) => images.set(layer.layer, drawn[index]!));
  }
}
