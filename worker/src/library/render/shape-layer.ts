import { colour, escapeAttribute, layerAttributes, number, type Defs, type Layer, type Paint } from './svg-parts';

/**
 * A shape layer (docs/library.md "Layers"): rect (corner radius), ellipse, line from (x, y) to
 * (x + width, y + height), polygon from points in 0–1 of the box, path scaled from its
 * view_box into the box; fill (colour, gradient or none) and stroke.
 */

interface ShapeStyle {
  fill?: Paint;
  stroke?: string;
  stroke_width?: number;
  radius?: number;
}

export function shapeLayer(layer: Layer, defs: Defs): string {
  const style = (layer.style ?? {}) as ShapeStyle;
  const stroke = style.stroke ? ` stroke="${colour(style.stroke, '#000000')}" stroke-width="${number(style.stroke_width ?? 1)}"` : '';
  const common = layerAttributes(layer);
  const paint = () => ` fill="${defs.paint(style.fill)}"${stroke}${common}`;
  const { x, y, width, height } = layer;
  switch (layer.shape) {
    case 'rect': {
      const radius = style.radius ? ` rx="${number(Math.min(style.radius, width / 2, height / 2))}"` : '';
      return `<rect x="${number(x)}" y="${number(y)}" width="${number(width)}" height="${number(height)}"${radius}${paint()}/>`;
    }
    case 'ellipse':
      return `<ellipse cx="${number(x + width / 2)}" cy="${number(y + height / 2)}" rx="${number(width / 2)}" ry="${number(height / 2)}"${paint()}/>`;
    case 'line':
      return (
        `<line x1="${number(x)}" y1="${number(y)}" x2="${number(x + width)}" y2="${number(y + height)}" stroke="${colour(style.stroke, '#000000')}"` +
        ` stroke-width="${number(style.stroke_width ?? 1)}" stroke-linecap="round"${common}/>`
      );
    case 'polygon': {
      const points = (layer.points as number[][])
        .map(([px = 0, py = 0]) => `${number(x + px * width)},${number(y + py * height)}`)
        .join(' ');
      return `<polygon points="${points}"${paint()}/>`;
    }
    case 'path': {
      const path = layer.path as { d: string; view_box: string };
      const [minX = 0, minY = 0, viewWidth = 0, viewHeight = 0] = path.view_box.split(' ').map(Number);
      // The view box scaled into the layer's box (not uniformly), as the editor draws it.
      const scaleX = viewWidth > 0 ? width / viewWidth : 1;
      const scaleY = viewHeight > 0 ? height / viewHeight : 1;
      const place = `translate(${number(x)} ${number(y)}) scale(${scaleX} ${scaleY}) translate(${-minX} ${-minY})`;
      const fill = defs.paint(style.fill);
      const strokeWidth = style.stroke ? ` vector-effect="non-scaling-stroke"` : '';
      return `<g${common}><path d="${escapeAttribute(path.d)}" transform="${place}" fill="${fill}"${stroke}${strokeWidth}/></g>`;
    }
    default:
      return '';
  }
}
