import { Problems, type Raw } from '../support/problems';
import { target } from './chat-request';

/** The most inputs one embeddings request may hold (OpenAI's own limit). */
export const MAX_EMBEDDING_INPUTS = 2048;

export interface ParsedEmbeddingRequest {
  model: string | null;
  purpose: string | null;
  input: string[];
  format: 'float' | 'base64';
  metadata: { team: string; campaign: string; user: string };
}

function inputs(raw: unknown, problems: Problems): string[] {
  const list = typeof raw === 'string' ? [raw] : raw;
  // The length is checked before any element is looked at; `some` stops at the first bad one.
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_EMBEDDING_INPUTS || list.some((item) => typeof item !== 'string' || item.length === 0)) {
    problems.add('input', `must be a non-empty string or a list of 1 to ${MAX_EMBEDDING_INPUTS} non-empty strings`);
    return [];
  }
  return list as string[];
}

/** POST /embeddings body: OpenAI's shape; `input` string or list; `encoding_format` float | base64. */
export function parseEmbeddingRequest(raw: Raw): ParsedEmbeddingRequest {
  const problems = new Problems();
  const chosen = target(raw, problems);
  const input = inputs(raw.input, problems);
  const format = raw.encoding_format ?? 'float';
  if (format !== 'float' && format !== 'base64') problems.add('encoding_format', 'must be "float" or "base64"');
  problems.throwIfAny();
  const metadata = raw.metadata as Raw | undefined;
  const text = (name: string) => (typeof metadata?.[name] === 'string' ? (metadata[name] as string).slice(0, 190) : '');
  return { ...chosen, input, format: format as 'float' | 'base64', metadata: { team: text('team'), campaign: text('campaign'), user: text('user') } };
}
