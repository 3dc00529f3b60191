import { paragraphDirection } from './bidi';
import { faceChain } from './fonts';
import { breakUnits, fitText, type FitRequest } from './text-fit';

const request = (overrides: Partial<FitRequest>): FitRequest => ({
  text: '',
  chain: faceChain({ family: 'Inter', weight: 700, italic: false }),
  direction: 'ltr',
  width: 300,
  height: 200,
  fontSize: 64,
  minFontSize: 16,
  lineHeight: 1.2,
  letterSpacing: 0,
  wrap: true,
  shrink: true,
  maxLines: Infinity,
  ...overrides,
});

const height = (fit: ReturnType<typeof fitText>, lineHeight = 1.2) => fit.lines.length * fit.size * lineHeight;

describe('fitting text into its box', () => {
  test('a short text keeps its size on one line', () => {
    const fit = fitText(request({ text: 'Sale' }));
    expect(fit.size).toBe(64);
    expect(fit.lines.map((line) => line.text)).toEqual(['Sale']);
  });

  test('a long headline wraps at spaces, then shrinks, and never leaves the box', () => {
    const text = 'A long headline that wraps onto several lines and then shrinks until it fits';
    const fit = fitText(request({ text }));
    expect(fit.size).toBeLessThan(64);
    expect(fit.size).toBeGreaterThanOrEqual(16);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.map((line) => line.text).join(' ')).toBe(text);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(300);
    expect(height(fit)).toBeLessThanOrEqual(200);
    // A quarter pixel larger would not fit.
    const larger = fitText(request({ text, fontSize: fit.size + 0.25, minFontSize: fit.size + 0.25 }));
    expect(larger.lines.some((line) => line.width > 300) || height(larger) > 200 || larger.lines.at(-1)?.text.endsWith('…')).toBe(true);
  });

  test('without shrinking, what does not fit is cut and ends in an ellipsis', () => {
    const fit = fitText(request({ text: 'one two three four five six seven eight nine ten eleven twelve', shrink: false }));
    expect(fit.size).toBe(64);
    expect(fit.lines.length).toBe(2); // 200 px hold two lines of 76.8 px
    expect(fit.lines[1]?.text.endsWith('…')).toBe(true);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(300);
  });

  test('max_lines: shrinking stops at min_font_size, the last kept line ends in an ellipsis', () => {
    const fit = fitText(
      request({ text: 'Every word of this sentence would need many lines at this size', maxLines: 1, minFontSize: 40, height: 1000 }),
    );
    expect(fit.size).toBe(40);
    expect(fit.lines.map((line) => line.text)).toHaveLength(1);
    expect(fit.lines[0]?.text).toMatch(/^Every .*…$/);
    expect(fit.lines[0]?.width).toBeLessThanOrEqual(300);
  });

  test('wrap false: one line per paragraph, shrunk to the width', () => {
    const fit = fitText(request({ text: 'No wrapping here at all\nSecond', wrap: false }));
    expect(fit.lines.map((line) => line.text)).toEqual(['No wrapping here at all', 'Second']);
    expect(fit.lines[0]?.width).toBeLessThanOrEqual(300);
    expect(fit.size).toBeLessThan(64);
  });

  test('a word wider than the box breaks between characters', () => {
    const fit = fitText(request({ text: 'Supercalifragilisticexpialidocious', shrink: false, fontSize: 40 }));
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.map((line) => line.text).join('')).toBe('Supercalifragilisticexpialidocious');
  });

  test('letter spacing widens lines, so more of them are needed', () => {
    const text = 'spacing makes lines wider';
    const tight = fitText(request({ text, shrink: false, fontSize: 30 }));
    const spaced = fitText(request({ text, shrink: false, fontSize: 30, letterSpacing: 12 }));
    expect(spaced.lines.length).toBeGreaterThan(tight.lines.length);
  });

  test('Japanese breaks between characters, never before a closing mark', () => {
    expect(breakUnits('今日は、晴れ')).toEqual(['今', '日', 'は、', '晴', 'れ']);
    expect(breakUnits('two words')).toEqual(['two ', 'words']);
    const chain = faceChain({ family: 'Inter', weight: 400, italic: false });
    const fit = fitText(
      request({ chain, text: '春のセールは今週末まで、すべての商品が四割引です。', width: 200, fontSize: 30, shrink: false }),
    );
    expect(fit.lines.length).toBeGreaterThan(1);
    for (const line of fit.lines) {
      expect(line.width).toBeLessThanOrEqual(200);
      expect(line.text).not.toMatch(/^[、。]/);
    }
  });

  test('Arabic is measured with its own font (joined glyphs) and wraps right to left', () => {
    const text = 'مرحبا بالعالم تخفيضات كبيرة اليوم فقط';
    const fit = fitText(request({ text, direction: paragraphDirection(text), shrink: false, fontSize: 40 }));
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines[0]?.text.startsWith('مرحبا')).toBe(true);
    for (const line of fit.lines) expect(line.width).toBeLessThanOrEqual(300);
  });
});
