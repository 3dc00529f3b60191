import { ownItemIds } from './item-index';

describe('response item index', () => {
  it('indexes a response’s own input and output item ids, each once, leaving out what is not an item id', () => {
    const input = [
      { id: 'msg_a', type: 'message' },
      { id: 'fco_1', type: 'function_call_output' },
      { type: 'message' },
      { id: 'has space', type: 'message' },
    ];
    const output = [{ id: 'msg_b', type: 'message' }, { id: 'fc_1', type: 'function_call' }, { id: 'msg_a', type: 'message' }, { id: 7 }];
    expect(ownItemIds({ input, output })).toEqual(['msg_a', 'fco_1', 'msg_b', 'fc_1']);
    expect(ownItemIds({ input: [], output: [{ id: 'x'.repeat(65) }] })).toEqual([]);
  });
});
