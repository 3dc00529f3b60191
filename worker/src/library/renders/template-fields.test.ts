import { parseDefinition } from '../definition';
import { STARTER_DIR } from '../library';
import { readPackFolder } from '../pack-folder';
import { Problems } from '../problems';
import { effectiveFields } from './template-fields';

const definition = (extra: Record<string, unknown>) => ({
  schema: 1,
  background: '#ffffff',
  layers: [
    {
      id: 'title',
      type: 'text',
      x: 0,
      y: 0,
      width: 100,
      height: 40,
      text: 'Hello',
      style: { font_family: 'Inter', font_size: 20, color: '#000000' },
    },
    { id: 'photo', type: 'image', x: 0, y: 40, width: 100, height: 60, src: null },
    { id: 'badge', type: 'shape', x: 0, y: 0, width: 10, height: 10, shape: 'rect', style: { fill: '#ff0000' } },
  ],
  ...extra,
});

function parse(value: unknown): { result: Record<string, unknown>; params: Record<string, string> } {
  const problems = new Problems();
  const result = parseDefinition(problems, value, 'definition');
  return { result, params: problems.params };
}

describe('template fields (docs/library.md "Fields")', () => {
  it('keeps a valid fields list and its targets', () => {
    const fields = [
      {
        name: 'headline',
        type: 'text',
        label: 'Headline',
        max_length: 40,
        required: true,
        targets: [{ layer: 'title', property: 'text' }],
      },
      {
        name: 'accent',
        type: 'color',
        default: '#FF0000',
        targets: [
          { layer: 'badge', property: 'style.fill' },
          { layer: 'title', property: 'style.color' },
        ],
      },
      {
        name: 'align',
        type: 'choice',
        choices: ['left', 'center'],
        default: 'left',
        targets: [{ layer: 'title', property: 'style.align' }],
      },
      { name: 'picture', type: 'image', targets: [{ layer: 'photo', property: 'src' }] },
    ];
    const { result, params } = parse(definition({ fields }));
    expect(params).toEqual({});
    expect(result.fields).toEqual([fields[0], { ...fields[1], default: '#ff0000' }, fields[2], fields[3]]);
  });

  it.each([
    [{ name: 'x', type: 'text', targets: [{ layer: 'nope', property: 'text' }] }, 'definition.fields[0].targets[0].layer'],
    [{ name: 'x', type: 'text', targets: [{ layer: 'badge', property: 'text' }] }, 'definition.fields[0].targets[0].property'],
    [{ name: 'x', type: 'color', targets: [{ layer: 'photo', property: 'src' }] }, 'definition.fields[0].targets[0].property'],
    [
      { name: 'x', type: 'choice', choices: ['up'], targets: [{ layer: 'title', property: 'style.align' }] },
      'definition.fields[0].targets[0].property',
    ],
    [{ name: 'x', type: 'text', targets: [{ layer: 'title', property: 'style.font_size' }] }, 'definition.fields[0].targets[0].property'],
    [{ name: 'X!', type: 'text', targets: [{ layer: 'title', property: 'text' }] }, 'definition.fields[0].name'],
    [{ name: 'x', type: 'color', max_length: 3, targets: [{ layer: 'badge', property: 'style.fill' }] }, 'definition.fields[0].max_length'],
    [
      { name: 'x', type: 'choice', choices: ['a'], default: 'b', targets: [{ layer: 'title', property: 'text' }] },
      'definition.fields[0].default',
    ],
  ])('refuses %j naming %s', (field, path) => {
    expect(Object.keys(parse(definition({ fields: [field] })).params)).toContain(path);
  });

  it('refuses a prompt placeholder that is not a text or choice field', () => {
    const value = definition({});
    (value.layers[1] as Record<string, unknown>).generate = { prompt: 'a photo of {{title}} and {{nothing}}', model: 'mock/image' };
    expect(parse(value).params).toEqual({
      'definition.layers[1].generate.prompt': '{{nothing}} is not a text or choice field of the template',
    });
  });

  it('gives a template without fields one per text and image layer', () => {
    expect(effectiveFields(parse(definition({})).result)).toEqual([
      { name: 'title', type: 'text', default: 'Hello', max_length: 2000, targets: [{ layer: 'title', property: 'text' }] },
      { name: 'photo', type: 'image', default: null, targets: [{ layer: 'photo', property: 'src' }] },
    ]);
  });

  it('leaves every starter definition exactly as shipped, so their hashes and the manifest hash stay as they were', () => {
    const body = readPackFolder(STARTER_DIR) as { templates: { slug: string; definition: unknown }[] };
    for (const template of body.templates) {
      const { result, params } = parse(template.definition);
      expect(params).toEqual({});
      expect({ slug: template.slug, definition: result }).toEqual({ slug: template.slug, definition: template.definition });
      expect(effectiveFields(result).length).toBeGreaterThan(0);
    }
  });
});
