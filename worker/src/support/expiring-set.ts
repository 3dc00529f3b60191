/**
 * A bounded set whose members expire after a TTL: the oldest member makes room for a new
 * one when it is full. Used as the key cache's memory of unknown keys (license/api-key-cache.ts).
 */
export class ExpiringSet {
  private readonly members = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(member: string): boolean {
    const expiresAt = this.members.get(member);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.members.delete(member);
    return false;
  }

  add(member: string): void {
    this.members.delete(member);
    while (this.members.size >= this.capacity) this.members.delete(this.members.keys().next().value!);
    this.members.set(member, this.now() + this.ttlMs);
  }

  get size(): number {
    return this.members.size;
  }
}
