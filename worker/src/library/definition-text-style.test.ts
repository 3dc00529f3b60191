import { parseDefinition } from './definition';
import { Problems } from './problems';

/** The text style keys that say how text fits its box (docs/library.md "Layers"). */
const definitionWith = (style: Record<string, unknown>) => ({
  schema: 1,
  background: '#ffffff',
  layers: [
    {
      id: 'title',
      type: 'text',
      x: 0,
      y: 0,
      width: 100,
      height: 50,
      text: 'Hi',
      style: { font_family: 'Inter', font_size: 20, color: '#000000', ...style },
    },
  ],
});

const parse = (style: Record<string, unknown>) => {
  const problems = new Problems();
  const definition = parseDefinition(problems, definitionWith(style), 'definition');
  return { problems: problems.params, style: (definition.layers as Array<{ style: Record<string, unknown> }>)[0]?.style };
};

describe('text layer fitting keys', () => {
  test('are kept when valid', () => {
    const fitting = { wrap: false, shrink: false, min_font_size: 12, max_lines: 3, vertical_align: 'middle', direction: 'rtl' };
    expect(parse(fitting)).toEqual({ problems: {}, style: { font_family: 'Inter', font_size: 20, color: '#000000', ...fitting } });
  });

  test('are optional (defaults apply when rendering)', () => {
    expect(parse({})).toEqual({ problems: {}, style: { font_family: 'Inter', font_size: 20, color: '#000000' } });
  });

  test('bad values are named by path', () => {
    const { problems } = parse({ wrap: 'yes', shrink: 1, min_font_size: 0, max_lines: 2.5, vertical_align: 'center', direction: 'up' });
    const at = (key: string) => `definition.layers[0].style.${key}`;
    expect(problems).toEqual({
      [at('wrap')]: 'must be true or false',
      [at('shrink')]: 'must be true or false',
      [at('min_font_size')]: 'must be a number from 1 to 1000',
      [at('max_lines')]: 'must be an integer from 1 to 50',
      [at('vertical_align')]: 'must be one of top, middle, bottom',
      [at('direction')]: 'must be one of auto, ltr, rtl',
    });
  });
});
