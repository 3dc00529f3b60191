import { embeddingLevels, mirrored, paragraphDirection, visualOrder } from './bidi';

describe('direction', () => {
  test('auto takes the first strong character; digits and punctuation are not strong', () => {
    expect(paragraphDirection('Hello')).toBe('ltr');
    expect(paragraphDirection('שלום')).toBe('rtl');
    expect(paragraphDirection('2026 — مرحبا')).toBe('rtl');
    expect(paragraphDirection('«Bonjour» שלום')).toBe('ltr');
    expect(paragraphDirection('123 !?')).toBe('ltr');
  });

  test('an explicit direction wins', () => {
    expect(paragraphDirection('Hello', 'rtl')).toBe('rtl');
    expect(paragraphDirection('שלום', 'ltr')).toBe('ltr');
  });
});

describe('visual order', () => {
  const visual = (text: string, direction: 'ltr' | 'rtl') => {
    const characters = [...text];
    return visualOrder(embeddingLevels(characters, direction))
      .map((index) => characters[index])
      .join('');
  };

  test('Hebrew in a left-to-right line is reversed in place; its number stays left to right', () => {
    expect(visual('see אבג now', 'ltr')).toBe('see גבא now');
    expect(visual('אבג 123', 'rtl')).toBe('123 גבא');
  });

  test('Latin inside a right-to-left paragraph keeps its order', () => {
    expect(visual('אבג abc דה', 'rtl')).toBe('הד abc גבא');
  });

  test('brackets inside right-to-left text are mirrored, so they still open towards their content', () => {
    const characters = [...'אב (גד) הו'];
    const levels = embeddingLevels(characters, 'rtl');
    const shown = visualOrder(levels)
      .map((index) => mirrored(characters[index] ?? '', levels[index] ?? 0))
      .join('');
    expect(shown).toBe('וה (דג) בא');
    expect(mirrored('(', 0)).toBe('(');
  });

  test('a left-to-right line is unchanged', () => {
    expect(visual('plain text, 42!', 'ltr')).toBe('plain text, 42!');
  });
});
