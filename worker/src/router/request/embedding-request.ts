import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import type { CatalogModel } from '../catalog/models';
import { choiceField, numberField } from './fields';
import { metadata, target, type CallMetadata } from './target';

/** The most inputs one embeddings request may hold (OpenAI's own limit). */
export const MAX_EMBEDDING_INPUTS = 2048;

/** The most `dimensions` any request may ask before a model is chosen (each model's own limit is checked after). */
export const MAX_EMBEDDING_DIMENSIONS = 65_536;

export interface ParsedEmbeddingRequest {
  model: string | null;
  purpose: string | null;
  input: string[];
  format: 'float' | 'base64';
  /** Floats per vector the client asked for; null: the model's own length. */
  dimensions: number | null;
  metadata: CallMetadata;
}

function inputs(raw: unknown, problems: Problems): string[] {
  const list = typeof raw === 'string' ? [raw] : raw;
  // The length is checked before any element is looked at; `some` stops at the first bad one.
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > MAX_EMBEDDING_INPUTS ||
    list.some((item) => typeof item !== 'string' || item.length === 0)
  ) {
    problems.add('input', `must be a non-empty string or a list of 1 to ${MAX_EMBEDDING_INPUTS} non-empty strings`);
    return [];
  }
  return list as string[];
}

/** POST /embeddings body: OpenAI's shape; `input` string or list; `encoding_format` float | base64; `dimensions`; metadata as chat. */
export function parseEmbeddingRequest(raw: Raw): ParsedEmbeddingRequest {
  const problems = new Problems();
  const parsed = {
    ...target(raw, problems),
    input: inputs(raw.input, problems),
    format: choiceField(raw.encoding_format, 'encoding_format', ['float', 'base64'] as const, problems) ?? 'float',
    dimensions: numberField(raw.dimensions, 'dimensions', problems, { min: 1, max: MAX_EMBEDDING_DIMENSIONS, integer: true }) ?? null,
    metadata: metadata(raw.metadata, problems),
  };
  problems.throwIfAny();
  return parsed;
}

function honours(model: CatalogModel, dimensions: number): boolean {
  const shape = model.embedding;
  return shape !== null && (shape.size === dimensions || (shape.shortens && (shape.size === null || dimensions <= shape.size)));
}

/**
 * The candidates that can answer vectors of `dimensions` floats (docs/architecture.md §9): a model
 * asked by name that cannot shorten its vectors is refused (400 svc_unsupported_parameter), one
 * asked for more than its length gets 400 svc_invalid_request; a purpose skips such models and is
 * refused only when none is left. Asking a model's own length is always honoured.
 */
export function dimensionCandidates(candidates: CatalogModel[], dimensions: number | null, byPurpose: boolean): CatalogModel[] {
  if (dimensions === null) return candidates;
  const kept = candidates.filter((model) => honours(model, dimensions));
  if (kept.length > 0) return kept;
  const size = candidates[0]!.embedding?.size;
  if (!byPurpose && candidates[0]!.embedding?.shortens && size)
    throw ApiError.invalidRequest({ dimensions: `must be an integer from 1 to ${size} for model "${candidates[0]!.id}"` });
  const names = candidates.map((model) => model.id);
  const who =
    names.length === 1 ? `model "${names[0]}" cannot honour it` : `none of the purpose's models (${names.join(', ')}) can honour it`;
  throw new ApiError(400, 'svc_unsupported_parameter', `Parameter "dimensions" is not supported: ${who}.`, {
    params: { dimensions: who },
    model: names.length === 1 ? names[0] : names,
  });
}
