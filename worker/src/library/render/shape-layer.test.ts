import { shapeLayer } from './shape-layer';
import { Defs, type Layer } from './svg-parts';

const layer = (fields: Partial<Layer> & Record<string, unknown>): Layer => ({
  id: 's',
  type: 'shape',
  x: 10,
  y: 20,
  width: 100,
  height: 50,
  ...fields,
});

describe('shape layers', () => {
  test('rect with its radius (at most half the shorter side), rotation about the centre and opacity', () => {
    const svg = shapeLayer(layer({ shape: 'rect', rotation: 30, opacity: 0.5, style: { fill: '#ff0000', radius: 40 } }), new Defs());
    expect(svg).toBe('<rect x="10" y="20" width="100" height="50" rx="25" fill="#ff0000" opacity="0.5" transform="rotate(30 60 45)"/>');
  });

  test('ellipse, line and polygon in the box', () => {
    expect(shapeLayer(layer({ shape: 'ellipse', style: { fill: '#000000' } }), new Defs())).toBe(
      '<ellipse cx="60" cy="45" rx="50" ry="25" fill="#000000"/>',
    );
    expect(shapeLayer(layer({ shape: 'line', style: { stroke: '#00ff00', stroke_width: 4 } }), new Defs())).toBe(
      '<line x1="10" y1="20" x2="110" y2="70" stroke="#00ff00" stroke-width="4" stroke-linecap="round"/>',
    );
    expect(
      shapeLayer(
        layer({
          shape: 'polygon',
          points: [
            [0, 0],
            [1, 0],
            [0.5, 1],
          ],
          style: { fill: null },
        }),
        new Defs(),
      ),
    ).toBe('<polygon points="10,20 110,20 60,70" fill="none"/>');
  });

  test('path: the view box scaled into the box', () => {
    const svg = shapeLayer(
      layer({ shape: 'path', path: { d: 'M0 0L10 10', view_box: '0 0 10 10' }, style: { fill: '#123456' } }),
      new Defs(),
    );
    expect(svg).toBe('<g><path d="M0 0L10 10" transform="translate(10 20) scale(10 5) translate(0 0)" fill="#123456"/></g>');
  });

  test('a gradient fill goes into defs at its CSS angle', () => {
    const defs = new Defs();
    const fill = {
      gradient: {
        angle: 90,
        stops: [
          { offset: 0, color: '#000000' },
          { offset: 1, color: '#ffffff' },
        ],
      },
    };
    expect(shapeLayer(layer({ shape: 'rect', style: { fill } }), defs)).toContain('fill="url(#rg1)"');
    expect(defs.toString()).toBe(
      '<defs><linearGradient id="rg1" x1="0" y1="0.5" x2="1" y2="0.5"><stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>',
    );
  });
});
