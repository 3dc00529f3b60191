import { storeHealth } from './store-health';
import type { StoreRecord } from './stores';

function store(failuresInRow: number, unheardOrders = 0, restKeyLast4: string | null = null): StoreRecord {
  const at = new Date('2026-11-20T10:00:00Z');
  return {
    id: 'sto_01',
    sourceUrl: 'https://shop.example/',
    secretLast4: 'abcd',
    createdAt: at,
    updatedAt: at,
    verification: { failuresInRow, lastSuccessAt: at, lastFailureAt: null, lastFailureReason: '' },
    restKeyLast4,
    reconcile: { reconciledUntil: null, startedAt: null, result: '' },
    unheardOrders,
  };
}

describe('store health', () => {
  it('is ok below the warning threshold and without waiting orders', () => {
    expect(storeHealth(store(2), 3)).toEqual({ status: 'ok', message: '', action: '' });
  });

  it('warns from the threshold, naming the likely cause and the fix', () => {
    const health = storeHealth(store(3), 3);
    expect(health.status).toBe('failing');
    expect(health.message).toContain('The secret probably changed in WooCommerce (a re-save of the webhook form trims or strips it)');
    expect(health.action).toMatch(/^Copy the secret shown in WooCommerce → Settings → Advanced → Webhooks/);
  });

  it("says disabled at WooCommerce's own limit (more than 5), whatever the threshold", () => {
    expect(storeHealth(store(6), 10).status).toBe('disabled');
    expect(storeHealth(store(6), 3).action).toMatch(/set the webhook's status back to Active/);
  });

  it('calls a store with waiting orders silent, pointing at reconcile when it has REST credentials', () => {
    expect(storeHealth(store(0, 2), 3)).toMatchObject({
      status: 'silent',
      message: expect.stringContaining('though 2 hub orders were made for this store since'),
    });
    expect(storeHealth(store(0, 1), 3).action).toContain('add its REST credentials');
    expect(storeHealth(store(0, 1, 'wxyz'), 3).action).toContain('Reconcile pulls the orders');
    expect(storeHealth(store(3, 1), 3).status).toBe('failing');
  });
});
