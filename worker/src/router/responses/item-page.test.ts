import { ApiError } from '../../support/api-error';
import { itemPage, readItemPage } from './item-page';

const items = ['msg_a', 'msg_b', 'fc_c', 'fco_d'].map((id) => ({ id, type: 'message' }));

describe('input_items pages', () => {
  it('newest first by default, 20 at a time', () => {
    expect(itemPage(items, readItemPage({}))).toEqual({
      object: 'list',
      data: [...items].reverse(),
      first_id: 'fco_d',
      last_id: 'msg_a',
      has_more: false,
    });
  });

  it('limit, order and after walk the list without overlap', () => {
    const first = itemPage(items, readItemPage({ limit: '2', order: 'asc' }));
    expect(first).toMatchObject({ first_id: 'msg_a', last_id: 'msg_b', has_more: true });
    const second = itemPage(items, readItemPage({ limit: '2', order: 'asc', after: first.last_id! }));
    expect(second).toMatchObject({ first_id: 'fc_c', last_id: 'fco_d', has_more: false });
    expect(itemPage(items, readItemPage({ after: 'msg_unknown' })).data).toEqual([]);
  });

  it('refuses out-of-range or malformed parameters, never clamps them', () => {
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: '1e2' },
      { order: 'up' },
      { after: "x' OR 1=1" },
      { limit: ['1', '2'] },
    ]) {
      expect(() => readItemPage(query)).toThrow(ApiError);
    }
  });
});
