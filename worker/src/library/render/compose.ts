import { imageLayer, type PreparedImage } from './image-layer';
import { shapeLayer } from './shape-layer';
import { Defs, number, type Layer, type Paint } from './svg-parts';
import { textLayer } from './text-layer';

/**
 * A filled template as one self-contained SVG (docs/library.md "Rendering"): the canvas's
 * view box drawn at the output's size, the background, then the layers in order (the first
 * at the back). No scripts, no external references: text is outlines, images are data: URLs.
 */

export interface Composition {
  width: number;
  height: number;
  definition: Record<string, unknown>;
  images: Map<string, PreparedImage>;
  outputWidth: number;
  outputHeight: number;
}

export function composeSvg(composition: Composition): string {
  const { width, height, definition } = composition;
  const defs = new Defs();
  const background = defs.paint(definition.background as Paint);
  const layers = ((definition.layers ?? []) as Layer[]).map((layer) => {
    if (layer.type === 'shape') return shapeLayer(layer, defs);
    if (layer.type === 'text') return textLayer(layer, defs);
    if (layer.type === 'image') return imageLayer(layer, defs, composition.images.get(layer.id));
    return '';
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${number(width)} ${number(height)}"` +
    ` width="${composition.outputWidth}" height="${composition.outputHeight}" preserveAspectRatio="none">` +
    defs.toString() +
    `<rect width="${number(width)}" height="${number(height)}" fill="${background}"/>` +
    layers.join('') +
    '</svg>'
  );
}
