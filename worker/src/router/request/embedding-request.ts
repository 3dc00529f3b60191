import { Problems, type Raw } from '../../support/problems';
import { choiceField } from './fields';
import { metadata, target, type CallMetadata } from './target';

/** The most inputs one embeddings request may hold (OpenAI's own limit). */
export const MAX_EMBEDDING_INPUTS = 2048;

export interface ParsedEmbeddingRequest {
  model: string | null;
  purpose: string | null;
  input: string[];
  format: 'float' | 'base64';
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

/** POST /embeddings body: OpenAI's shape; `input` string or list; `encoding_format` float | base64; metadata as chat. */
export function parseEmbeddingRequest(raw: Raw): ParsedEmbeddingRequest {
  const problems = new Problems();
  const parsed = {
    ...target(raw, problems),
    input: inputs(raw.input, problems),
    format: choiceField(raw.encoding_format, 'encoding_format', ['float', 'base64'] as const, problems) ?? 'float',
    metadata: metadata(raw.metadata, problems),
  };
  problems.throwIfAny();
  return parsed;
}
