import { colour, layerAttributes, number, type Defs, type Layer } from './svg-parts';

/**
 * An image layer (docs/library.md "Layers"): the image clipped to the box, a rounded box or a
 * circle, then its border. Raster images arrive already cropped or fitted to the box (see
 * images.ts); SVG images are placed with preserveAspectRatio. A layer with no image draws the
 * placeholder the library's previews draw.
 */

export interface PreparedImage {
  /** A data: URL. */
  href: string;
  /** For SVG images: how the view box is placed in the box; raster images fill it. */
  preserveAspectRatio?: string;
}

interface ImageStyle {
  radius?: number;
  mask?: 'none' | 'circle';
  border_color?: string;
  border_width?: number;
}

function placeholder(x: number, y: number, width: number, height: number): string {
  const icon = Math.min(width, height) / 4;
  const cx = x + width / 2;
  const cy = y + height / 2;
  const at = (dx: number, dy: number) => `${number(cx + icon * dx)} ${number(cy + icon * dy)}`;
  return (
    `<rect x="${number(x)}" y="${number(y)}" width="${number(width)}" height="${number(height)}" fill="#d9dde3"/>` +
    `<path d="M${at(-1, 0.6)}L${at(-0.3, -0.2)}L${at(0.1, 0.25)}L${at(0.45, -0.05)}L${at(1, 0.6)}Z" fill="#aab2bd"/>` +
    `<circle cx="${number(cx + icon * 0.45)}" cy="${number(cy - icon * 0.55)}" r="${number(icon * 0.2)}" fill="#aab2bd"/>`
  );
}

export function imageLayer(layer: Layer, defs: Defs, image: PreparedImage | undefined): string {
  const { x, y, width, height } = layer;
  const style = (layer.style ?? {}) as ImageStyle;
  const box = `x="${number(x)}" y="${number(y)}" width="${number(width)}" height="${number(height)}"`;
  const outline =
    style.mask === 'circle'
      ? `<ellipse cx="${number(x + width / 2)}" cy="${number(y + height / 2)}" rx="${number(width / 2)}" ry="${number(height / 2)}"/>`
      : `<rect ${box}${style.radius ? ` rx="${number(Math.min(style.radius, width / 2, height / 2))}"` : ''}/>`;
  const clip = defs.clip(outline);
  const inner = image
    ? `<image ${box} preserveAspectRatio="${image.preserveAspectRatio ?? 'none'}" href="${image.href}"/>`
    : placeholder(x, y, width, height);
  const border = style.border_width
    ? outline.replace('/>', ` fill="none" stroke="${colour(style.border_color, '#ffffff')}" stroke-width="${number(style.border_width)}"/>`)
    : '';
  return `<g${layerAttributes(layer)}><g clip-path="${clip}">${inner}</g>${border}</g>`;
}
