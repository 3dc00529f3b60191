import { ApiError } from '../../support/api-error';
import { fieldValues } from './field-values';
import { outputSize, parseRenderRequest } from './render-request';
import type { TemplateField } from './template-fields';

const FIELDS: TemplateField[] = [
  { name: 'headline', type: 'text', max_length: 10, required: true, targets: [{ layer: 'title', property: 'text' }] },
  { name: 'accent', type: 'color', default: '#ff0000', targets: [{ layer: 'badge', property: 'style.fill' }] },
  { name: 'align', type: 'choice', choices: ['left', 'right'], default: 'left', targets: [{ layer: 'title', property: 'style.align' }] },
  { name: 'picture', type: 'image', default: null, targets: [{ layer: 'photo', property: 'src' }] },
];

function params(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return (error.data as { params: Record<string, string> }).params;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('render field values (docs/library.md "Rendering")', () => {
  it('takes defaults for fields not given, lower-cases colours, keeps image values as text', () => {
    const values = fieldValues(FIELDS, { headline: 'Hi', accent: '#ABCDEF', picture: 'https://example.com/a.png' }, 1024);
    expect(values.map((entry) => [entry.field.name, entry.value, entry.given])).toEqual([
      ['headline', 'Hi', true],
      ['accent', '#abcdef', true],
      ['align', 'left', false],
      ['picture', 'https://example.com/a.png', true],
    ]);
  });

  it('names every bad value at once', () => {
    expect(
      params(() => fieldValues(FIELDS, { headline: 'a\u202eb', accent: 'red', align: 'up', picture: 'ftp://x', extra: 'y' }, 1024)),
    ).toEqual({
      'fields.extra': 'is not a field of this template (its fields: headline, accent, align, picture)',
      'fields.headline': 'must not contain control characters (a newline and a tab are fine)',
      'fields.accent': 'must be a colour #rgb, #rrggbb or #rrggbbaa',
      'fields.align': 'must be one of left, right',
      'fields.picture': 'must be an https URL or a data: URL of an image',
    });
    expect(params(() => fieldValues(FIELDS, {}, 1024))).toEqual({ 'fields.headline': 'is required' });
    expect(params(() => fieldValues(FIELDS, { headline: 'x'.repeat(11) }, 1024))).toEqual({
      'fields.headline': 'must be at most 10 characters',
    });
    expect(params(() => fieldValues(FIELDS, { headline: 'ok', picture: `data:image/png;base64,${'A'.repeat(4000)}` }, 1024))).toEqual({
      'fields.picture': 'must be an image of at most 1024 bytes',
    });
  });

  it('keeps the aspect: one side follows the other; another aspect or too many pixels is refused by name', () => {
    const template = { width: 1080, height: 1350 };
    expect(outputSize(template, { width: null, height: null })).toEqual({ width: 1080, height: 1350 });
    expect(outputSize(template, { width: 540, height: null })).toEqual({ width: 540, height: 675 });
    expect(outputSize(template, { width: null, height: 270 })).toEqual({ width: 216, height: 270 });
    expect(params(() => outputSize(template, { width: 540, height: 540 }))).toHaveProperty('height');
    expect(params(() => outputSize({ width: 100, height: 10 }, { width: null, height: 4096 }))).toHaveProperty('width');
    expect(params(() => parseRenderRequest({ template: 'x', width: 1e9, format: 'gif', response: 'html' }))).toEqual({
      width: 'must be an integer from 1 to 4096',
      format: 'must be one of png, jpeg, webp, svg',
      response: 'must be "image" or "url"',
    });
  });
});
