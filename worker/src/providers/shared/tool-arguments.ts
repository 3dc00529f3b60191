/**
 * A tool call's `arguments` (JSON text, as OpenAI clients send it back in history) as the
 * object Anthropic's `input` and Gemini's `args` need. Text that is not a JSON object
 * (including '' — a call of a tool without parameters) becomes {}.
 */
import type { JsonObject } from './schema';

export function parseToolArguments(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
  } catch {
    return {};
  }
}
