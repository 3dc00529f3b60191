/**
 * A call's cost as the provider reports it (OpenRouter `usage.cost`, docs/external/llm-providers.md
 * "OpenRouter usage.cost"): USD as a JSON number, turned into the hub's money form, a decimal
 * string with 8 places (docs/api-notes.md "Money and counts"). A figure no call can cost —
 * negative, not finite, a million USD or more — is no figure: the hub's own price stands.
 */
const MOST_ONE_CALL_COSTS = 1_000_000;

export function toProviderCost(value: unknown): string | undefined {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 0 || amount >= MOST_ONE_CALL_COSTS) return undefined;
  return amount.toFixed(8);
}
