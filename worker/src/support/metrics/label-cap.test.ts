import { LabelCap } from './label-cap';

describe('LabelCap', () => {
  it('keeps the first N values seen and names every later one "other"', () => {
    const cap = new LabelCap(2);
    expect(['a', 'b', 'c', 'a', 'd', 'b'].map((value) => cap.label(value))).toEqual(['a', 'b', 'other', 'a', 'other', 'b']);
  });
});
