import type { Database } from '../../db/connections';
import type { OutboxWriter } from '../../license/outbox-writer';
import { silentLogger } from '../../support/logger';
import { findModel } from '../catalog/models';
import type { PriceBook } from '../catalog/prices';
import { BudgetGuard } from './budget-guard';
import type { BudgetRecord, BudgetStore } from './budget-rows';
import { chatBound } from './estimate';

const at = new Date('2026-11-28T00:00:00Z');
const budget = (fields: Partial<BudgetRecord>): BudgetRecord => ({
  id: 'bgt_01TESTBUDGET00000000000000',
  scopeKind: 'site',
  scopeValue: 'https://other.example',
  scopeSite: null,
  period: 'month',
  amount: '5.00000000',
  hard: true,
  role: 'limit',
  source: null,
  alertUrl: null,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

/** A guard over a fixed budget list that counts its customer look-ups. */
function guardWith(list: BudgetRecord[]) {
  const lookups: string[] = [];
  const store = { list: async () => list } as unknown as BudgetStore;
  const customers = {
    customerOf: (site: string) => {
      lookups.push(site);
      return null;
    },
  };
  const prices = { priceFor: () => null } as unknown as PriceBook;
  const guard = new BudgetGuard({} as Database, store, prices, {} as OutboxWriter, silentLogger, customers);
  return { guard, lookups };
}

const call = { keyId: 'key_1', team: 'a', siteUrl: 'https://site.example' };
const bound = chatBound({ messages: [{ role: 'user', content: 'hi' }] }, [findModel('mock/echo')!]);

describe('BudgetGuard.reserve on a call no budget covers', () => {
  it("admits it without asking for the site's customer while no budget is a customer's", async () => {
    const { guard, lookups } = guardWith([budget({})]);
    await expect(guard.reserve('usg_1', call, bound)).resolves.toEqual({ reservation: null, maxOutputTokens: null });
    expect(lookups).toEqual([]);
  });

  it("asks for the site's customer once a customer budget exists", async () => {
    const { guard, lookups } = guardWith([budget({ scopeKind: 'customer', scopeValue: 'cus_01TESTCUSTOMER000000000000' })]);
    await expect(guard.reserve('usg_2', call, bound)).resolves.toEqual({ reservation: null, maxOutputTokens: null });
    expect(lookups).toEqual(['https://site.example']);
  });
});
