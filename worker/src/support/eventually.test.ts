import { andThen } from './eventually';

describe('andThen', () => {
  it('runs the next step at once on a value, and returns what it returns', () => {
    const steps: string[] = [];
    const result = andThen(2, (value) => {
      steps.push('next');
      return value * 3;
    });
    steps.push('after');
    expect(result).toBe(6);
    expect(steps).toEqual(['next', 'after']);
  });

  it('waits for a promise, and passes a rejection on without running the next step', async () => {
    const later = andThen(Promise.resolve(2), (value) => value * 3);
    expect(later).toBeInstanceOf(Promise);
    await expect(later).resolves.toBe(6);
    const next = jest.fn();
    await expect(andThen(Promise.reject(new Error('down')), next)).rejects.toThrow('down');
    expect(next).not.toHaveBeenCalled();
  });

  it('throws at once when the next step throws on a value', () => {
    expect(() =>
      andThen(1, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
  });
});
