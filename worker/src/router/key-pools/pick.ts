/**
 * One of `items` drawn with probability proportional to its weight (weights ≥ 1), or null
 * when there is none. `random` is in [0, 1).
 */
export function pickByWeight<T extends { weight: number }>(items: readonly T[], random: number = Math.random()): T | null {
  if (items.length === 0) return null;
  let total = 0;
  for (const item of items) total += item.weight;
  let point = random * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return items[items.length - 1]!;
}
