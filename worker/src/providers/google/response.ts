/**
 * Gemini answers → router types: one generateContent body (or stream chunk) read into text,
 * function calls, finish reason and usage; embeddings; Google's error bodies.
 */
import { randomBytes } from 'node:crypto';
import { describeCommonError, type ErrorDescription } from '../shared/http';
import { invalidResponse, isRetryableStatus, truncateResponseBody, UpstreamError } from '../errors';
import { arrayField, isObject, numberField, stringField, vectorField, type JsonObject } from '../shared/schema';
import type { EmbeddingResult, FinishReason, TokenUsage } from '../types';

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** STOP → stop, MAX_TOKENS → length, SAFETY/RECITATION and the other blocks → content_filter. */
export function toFinishReason(value: string): FinishReason {
  if (value === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(value)) return 'content_filter';
  return 'stop';
}

/** Gemini says STOP after function calls; OpenAI clients look for tool_calls. */
export function finishWithCalls(reason: FinishReason, calls: number): FinishReason {
  return calls > 0 && reason === 'stop' ? 'tool_calls' : reason;
}

/**
 * usageMetadata → TokenUsage. `thoughtsTokenCount` is outside `candidatesTokenCount` but
 * billed as output (fixture google-tool-call.*: 15 + 893 inside totalTokenCount 937), so it is
 * added into completion tokens and kept as reasoningTokens; `cachedContentTokenCount` is
 * already inside `promptTokenCount` (Google: the prompt count includes the cached content).
 */
export function toUsage(metadata: unknown): TokenUsage | null {
  if (!isObject(metadata)) return null;
  const prompt = numberField(metadata.promptTokenCount);
  const candidates = numberField(metadata.candidatesTokenCount);
  const thoughts = numberField(metadata.thoughtsTokenCount) ?? 0;
  const cached = numberField(metadata.cachedContentTokenCount) ?? 0;
  if (prompt === undefined && candidates === undefined) return null;
  const completion = (candidates ?? 0) + thoughts;
  const usage: TokenUsage = {
    promptTokens: prompt ?? 0,
    completionTokens: completion,
    totalTokens: numberField(metadata.totalTokenCount) ?? (prompt ?? 0) + completion,
  };
  if (cached > 0) usage.cachedTokens = cached;
  if (thoughts > 0) usage.reasoningTokens = thoughts;
  return usage;
}

/** The parts of the first candidate, thoughts left out; null when there is no candidate. */
export interface GenerateChunk {
  parts: JsonObject[];
  finishReason?: FinishReason;
  usage: TokenUsage | null;
}

/** One generateContent response (or stream chunk); an `error` body inside a stream → UpstreamError. */
export function readGenerateResponse(body: JsonObject, provider: string): GenerateChunk {
  if (isObject(body.error)) {
    const { message, providerCode } = describeCommonError(body);
    const code = numberField(body.error.code);
    throw new UpstreamError(`${provider}: stream failed: ${message ?? 'error'}`, {
      provider,
      isRetryable: code === undefined || isRetryableStatus(code),
      responseBody: truncateResponseBody(JSON.stringify(body)),
      providerCode,
    });
  }
  const candidates = arrayField(body.candidates);
  const usage = toUsage(body.usageMetadata);
  if (!candidates || candidates.length === 0) {
    const blocked = isObject(body.promptFeedback) && stringField(body.promptFeedback.blockReason);
    if (blocked) return { parts: [], finishReason: 'content_filter', usage };
    if (usage) return { parts: [], usage };
    throw invalidResponse(provider, 'no candidates');
  }
  const candidate = candidates[0];
  if (!isObject(candidate)) throw invalidResponse(provider, 'candidate is not an object');
  const parts = (isObject(candidate.content) ? (arrayField(candidate.content.parts) ?? []) : [])
    .filter(isObject)
    .filter((part) => part.thought !== true);
  const finish = stringField(candidate.finishReason);
  return { parts, finishReason: finish ? toFinishReason(finish) : undefined, usage };
}

/** The text of some parts. */
export const partsText = (parts: JsonObject[]) => parts.map((part) => stringField(part.text) ?? '').join('');

/**
 * Call ids for one answer: Gemini sends none, so the router makes them up, stable within
 * the answer (`call_<random>_<index>`), unique across answers.
 */
export function callIdMaker(): (index: number) => string {
  const stem = `call_${randomBytes(9).toString('base64url')}`;
  return (index) => `${stem}_${index}`;
}

/** `{embeddings:[{values}]}` (batchEmbedContents) or Vertex's `{predictions:[{embeddings:{values, statistics}}]}`. */
export function fromEmbeddings(body: JsonObject, provider: string, count: number): EmbeddingResult {
  const predictions = arrayField(body.predictions);
  const entries = predictions
    ? predictions.map((prediction) => (isObject(prediction) ? prediction.embeddings : undefined))
    : arrayField(body.embeddings);
  if (!entries || entries.length !== count) throw invalidResponse(provider, `expected ${count} embeddings`);
  let tokens: number | undefined;
  const vectors = entries.map((entry) => {
    if (!isObject(entry)) throw invalidResponse(provider, 'embedding is not an object');
    const counted = isObject(entry.statistics) ? numberField(entry.statistics.token_count) : undefined;
    if (counted !== undefined) tokens = (tokens ?? 0) + counted;
    return vectorField(entry.values, provider);
  });
  return { vectors, usage: tokens === undefined ? null : { promptTokens: tokens } };
}

/** Google's error body, plus `RetryInfo.retryDelay` ("34.4s") as retryAfterMs. */
export function describeGoogleError(body: unknown): ErrorDescription {
  const description = describeCommonError(body);
  const details = isObject(body) && isObject(body.error) ? (arrayField(body.error.details) ?? []) : [];
  for (const detail of details) {
    if (!isObject(detail) || !stringField(detail['@type'])?.endsWith('google.rpc.RetryInfo')) continue;
    const delay = stringField(detail.retryDelay);
    const seconds = delay?.endsWith('s') ? Number(delay.slice(0, -1)) : Number.NaN;
    if (Number.isFinite(seconds) && seconds >= 0) description.retryAfterMs = Math.round(seconds * 1000);
  }
  return description;
}
