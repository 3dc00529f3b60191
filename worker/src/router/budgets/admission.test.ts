import { findModel } from '../catalog/models';
import { admit, firstSelection, priceCandidates, replacement, startingLimit } from './admission';
import { BudgetRefusal } from './budget-ledger';
import type { BudgetRecord, BudgetRole } from './budget-rows';
import { boundAt, chatBound, MINIMUM_OUTPUT_TOKENS, type PricedCandidate } from './estimate';
import { fromUnits, toUnits, type Units } from './lease';
import type { LeaseBook } from './lease-book';

const NOW = new Date('2026-11-24T12:00:00Z');
let sequence = 0;
const budget = (role: BudgetRole, scopeValue = 'https://a.example', amount = '1'): BudgetRecord => ({
  id: `bgt_${String((sequence += 1)).padStart(26, '0')}`,
  scopeKind: 'site',
  scopeValue,
  scopeSite: null,
  period: role === 'allowance' ? 'month' : 'total',
  amount: fromUnits(toUnits(amount)),
  hard: true,
  role,
  source: role === 'limit' ? null : `${role}:1`,
  alertUrl: null,
  createdAt: NOW,
  updatedAt: NOW,
});

/** Leases as rooms per budget, drawn all or none; a budget without room refuses (after a turn, as a top-up would). */
function roomsOf(rooms: Map<string, Units>): { leases: LeaseBook; drawn: string[][] } {
  const drawn: string[][] = [];
  const draw = (budgets: BudgetRecord[], amount: Units) => {
    const short = budgets.find((each) => (rooms.get(each.id) ?? 0n) < amount);
    if (short) return Promise.reject(new BudgetRefusal(short, '0', '0', rooms.get(short.id) ?? 0n));
    for (const each of budgets) rooms.set(each.id, rooms.get(each.id)! - amount);
    drawn.push(budgets.map((each) => each.id));
    return budgets.map(() => ({ lease: null as never, amount }));
  };
  return { leases: { draw } as unknown as LeaseBook, drawn };
}

const price = { inputPerMtok: 1, outputPerMtok: 10, cacheReadPerMtok: 1, cacheWritePerMtok: 0, currency: 'USD' };
const mini = findModel('openai/gpt-4o-mini')!;
const candidates: PricedCandidate[] = [{ model: mini, price, inputTokens: 1000, beyondLimit: 0 }];

describe('admission by role', () => {
  it("draws limits and allowances, and credits only where no allowance covers the call — the site's before its customer's", () => {
    const [limit, allowance, credits] = [budget('limit'), budget('allowance'), budget('credits')];
    const customerCredits = { ...budget('credits', 'cus_01JABCDEFGHJKMNPQRSTVWXYZ0'), scopeKind: 'customer' as const };
    // The site's allowance and its customer's credits are one account: the credits wait for the allowance (not drawn beside it).
    expect(firstSelection([limit, customerCredits, allowance, credits])).toEqual([limit, allowance]);
    expect(firstSelection([limit, customerCredits, credits])).toEqual([limit, credits]);
    expect(replacement([limit, customerCredits, allowance, credits], allowance, new Set())).toBe(credits);
    expect(replacement([limit, customerCredits, allowance, credits], credits, new Set([credits.id]))).toBe(customerCredits);
    expect(replacement([limit, allowance, credits], limit, new Set())).toBeNull();
  });

  it('draws the credits of the scope once its allowance has no room, and refuses when neither has', async () => {
    const [allowance, credits] = [budget('allowance'), budget('credits')];
    const amount = boundAt(candidates, 100);
    const rooms = new Map([
      [allowance.id, amount - 1n],
      [credits.id, amount],
    ]);
    const { leases, drawn } = roomsOf(rooms);
    await expect(admit(leases, [allowance, credits], candidates, 100, false, NOW)).resolves.toMatchObject({ limit: 100 });
    expect(drawn).toEqual([[credits.id]]);
    await expect(admit(leases, [allowance, credits], candidates, 100, false, NOW)).rejects.toMatchObject({
      budget: credits,
      needed: amount,
    });
  });
});

describe('the output limit of a call that names none', () => {
  it('starts at the smallest maximum among its models, and at the request’s own limit when it names one', () => {
    const sonnet = findModel('anthropic/claude-sonnet-4-5')!;
    expect(startingLimit(chatBound({ messages: [] }, [sonnet, mini]))).toBe(16_384);
    expect(startingLimit(chatBound({ messages: [], maxTokens: 50 }, [sonnet, mini]))).toBe(50);
  });

  it('is lowered to what the room pays, and refused with what it needs when not even the minimum fits', async () => {
    const limit = budget('limit');
    const room = boundAt(candidates, 700);
    const { leases } = roomsOf(new Map([[limit.id, room]]));
    await expect(admit(leases, [limit], candidates, 16_384, true, NOW)).resolves.toMatchObject({ limit: 700 });
    await expect(admit(leases, [limit], candidates, 16_384, true, NOW)).rejects.toMatchObject({
      needed: boundAt(candidates, MINIMUM_OUTPUT_TOKENS),
      room: 0n,
    });
  });

  it('is never lowered when the request named it', async () => {
    const limit = budget('limit');
    const { leases } = roomsOf(new Map([[limit.id, boundAt(candidates, 700)]]));
    await expect(admit(leases, [limit], candidates, 800, false, NOW)).rejects.toMatchObject({ needed: boundAt(candidates, 800) });
  });
});

describe('unpriced models', () => {
  const prices = { priceFor: (id: string) => (id === 'openai/gpt-4o-mini' ? price : null) };
  const bound = chatBound({ messages: [{ role: 'user', content: 'hi' }] }, [mini, findModel('openrouter/openai/o1-pro')!]);

  it('are refused under a hard budget, naming the model', () => {
    expect(() => priceCandidates(prices, bound, true)).toThrow(
      expect.objectContaining({ status: 400, code: 'svc_unpriced_model', data: { model: 'openrouter/openai/o1-pro' } }),
    );
  });

  it('run at a reservation of 0 under soft budgets only', () => {
    const priced = priceCandidates(prices, bound, false) as PricedCandidate[];
    expect(priced.map((candidate) => candidate.price.outputPerMtok)).toEqual([10, 0]);
  });
});
