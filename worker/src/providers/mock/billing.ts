/**
 * What mock/echo bills, as a provider counts it (docs/api-notes.md "mock/echo"), so the dev
 * stack, the tests and the bench spend budgets realistically (docs/architecture.md §11):
 * - input: ceil(UTF-8 bytes / 4) over everything sent — each message's text (text parts, tool
 *   results), assistant tool calls (name and arguments), tool definitions (name, description,
 *   schema) and the response_format schema — plus each image by OpenAI's gpt-4o tile rule;
 * - output: the answer by the same byte rule, never above the request's `maxTokens`: a longer
 *   answer is cut to it and finishes `length`;
 * - reasoning (a `reasoningEffort` other than none): REASONING_TOKENS of it, spent first, inside
 *   the completion tokens and the limit, reported as `reasoningTokens`.
 */
import { imageSize } from './image-size';
import type { EchoAnswer } from './rules';
import type { ChatMessage, ChatRequest, ContentPart, FinishReason, ReasoningEffort, TokenUsage } from '../types';

/** OpenAI's gpt-4o image rule: `low` detail, and the base of every other. */
export const IMAGE_BASE_TOKENS = 85;
/** Each 512-pixel tile of a high (or auto) detail image. */
export const IMAGE_TILE_TOKENS = 170;
/** An image whose size the mock cannot read (an https URL it does not fetch): the largest, 768×2048 in 2×4 tiles. */
export const IMAGE_UNKNOWN_TOKENS = IMAGE_BASE_TOKENS + 8 * IMAGE_TILE_TOKENS;

/** Reasoning tokens the mock spends per effort before it answers (cut to the limit). */
export const REASONING_TOKENS: Readonly<Record<Exclude<ReasoningEffort, 'none'>, number>> = {
  minimal: 16,
  low: 64,
  medium: 256,
  high: 1024,
};

/** About four bytes a token: no BPE token is shorter than a byte, most English ones about four. */
function tokensOfBytes(bytes: number): number {
  return Math.ceil(bytes / 4);
}

export function textTokens(text: string): number {
  return tokensOfBytes(Buffer.byteLength(text, 'utf8'));
}

/** One image: `low` → 85; else fit in 2048×2048, shrink until the short side is 768 (never enlarge), 85 + 170 per 512-px tile. */
export function imageTokens(part: Extract<ContentPart, { type: 'image' }>): number {
  if (part.detail === 'low') return IMAGE_BASE_TOKENS;
  const size = part.source.kind === 'data' ? imageSize(Buffer.from(part.source.base64, 'base64')) : null;
  if (size === null) return IMAGE_UNKNOWN_TOKENS;
  const fit = Math.min(1, 2048 / Math.max(size.width, size.height));
  const scale = fit * Math.min(1, 768 / (Math.min(size.width, size.height) * fit));
  const tiles = Math.ceil(Math.floor(size.width * scale) / 512) * Math.ceil(Math.floor(size.height * scale) / 512);
  return IMAGE_BASE_TOKENS + IMAGE_TILE_TOKENS * tiles;
}

function messageBytes(message: ChatMessage): number {
  const texts = message.parts ? message.parts.map((part) => (part.type === 'text' ? part.text : '')) : [message.content];
  for (const call of message.toolCalls ?? []) texts.push(call.name, call.arguments);
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
}

/** The request's prompt tokens: its text bytes / 4, plus its images by the tile rule. */
export function inputTokens(request: ChatRequest): number {
  let bytes = request.messages.reduce((sum, message) => sum + messageBytes(message), 0);
  for (const tool of request.tools ?? [])
    bytes += Buffer.byteLength(`${tool.name}${tool.description ?? ''}${JSON.stringify(tool.parameters)}`);
  const format = request.responseFormat;
  if (format?.type === 'json_schema')
    bytes += Buffer.byteLength(`${format.name}${format.description ?? ''}${JSON.stringify(format.schema)}`);
  let images = 0;
  for (const message of request.messages) for (const part of message.parts ?? []) if (part.type === 'image') images += imageTokens(part);
  return tokensOfBytes(bytes) + images;
}

/** The longest start of `text` within `bytes` UTF-8 bytes, never splitting a character. */
export function cutText(text: string, bytes: number): string {
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.length <= bytes) return text;
  let end = Math.max(0, bytes);
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end -= 1;
  return encoded.subarray(0, end).toString('utf8');
}

export interface BilledAnswer {
  reply: EchoAnswer;
  finishReason: FinishReason;
  usage: TokenUsage;
}

/** The answer within `room` tokens: text cut; a call's arguments cut, or no call (empty text) when its name does not fit. */
function within(reply: EchoAnswer, room: number): { reply: EchoAnswer; cut: boolean } {
  if (reply.kind === 'text') {
    const text = cutText(reply.text, room * 4);
    return { reply: { kind: 'text', text }, cut: text !== reply.text };
  }
  const { name, arguments: whole } = reply.call;
  const left = room * 4 - Buffer.byteLength(name, 'utf8');
  if (left < 0) return { reply: { kind: 'text', text: '' }, cut: true };
  const cutArguments = cutText(whole, left);
  return { reply: { kind: 'tool_call', call: { ...reply.call, arguments: cutArguments } }, cut: cutArguments !== whole };
}

function answerTokens(reply: EchoAnswer): number {
  return textTokens(reply.kind === 'text' ? reply.text : `${reply.call.name}${reply.call.arguments}`);
}

/** `reply` as billed for `request`: cut to the limit (reasoning first), its finish reason and usage. */
export function billAnswer(request: ChatRequest, reply: EchoAnswer): BilledAnswer {
  const limit = request.maxTokens ?? Number.POSITIVE_INFINITY;
  const effort = request.reasoningEffort;
  const reasoningTokens = effort === undefined || effort === 'none' ? undefined : Math.min(REASONING_TOKENS[effort], limit);
  const room = limit - (reasoningTokens ?? 0);
  const answer = answerTokens(reply) <= room ? { reply, cut: false } : within(reply, room);
  const finishReason: FinishReason = answer.cut ? 'length' : answer.reply.kind === 'text' ? 'stop' : 'tool_calls';
  const promptTokens = inputTokens(request);
  const completionTokens = answerTokens(answer.reply) + (reasoningTokens ?? 0);
  const usage: TokenUsage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
  return { reply: answer.reply, finishReason, usage: reasoningTokens === undefined ? usage : { ...usage, reasoningTokens } };
}
