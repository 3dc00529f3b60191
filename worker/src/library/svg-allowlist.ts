/**
 * What an SVG file in the library may contain. Everything else is removed: unknown elements
 * with everything inside them (script, foreignObject, animate/set, iframe, metadata, editor
 * namespaces…), unknown attributes (every on* handler among them). Names are compared
 * case-sensitively, as XML does, so `<SCRIPT>` or `onLoad` are unknown and go too.
 */

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

export const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA',
  'feComposite', 'feDropShadow', 'feFlood', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'feTurbulence', 'feDisplacementMap',
]);

/** Elements whose tags go but whose children stay (a link is not needed to draw its content). */
export const UNWRAPPED_ELEMENTS = new Set(['a']);

export const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr',
  'width', 'height', 'd', 'points', 'pathLength', 'viewBox', 'preserveAspectRatio', 'version',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'color', 'display', 'visibility', 'overflow',
  'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits', 'filter', 'filterUnits', 'primitiveUnits',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stop-color', 'stop-opacity',
  'patternUnits', 'patternContentUnits', 'patternTransform',
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'letter-spacing', 'word-spacing',
  'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'text-decoration', 'textLength', 'lengthAdjust',
  'dx', 'dy', 'rotate', 'startOffset', 'method', 'spacing', 'side',
  'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'marker-start', 'marker-mid', 'marker-end',
  'stdDeviation', 'in', 'in2', 'result', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'values', 'type', 'baseFrequency',
  'numOctaves', 'seed', 'stitchTiles', 'flood-color', 'flood-opacity', 'lighting-color', 'radius', 'tableValues', 'slope',
  'intercept', 'amplitude', 'exponent', 'scale', 'xChannelSelector', 'yChannelSelector',
  'mix-blend-mode', 'isolation', 'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering',
  'color-interpolation-filters', 'role', 'aria-label', 'aria-hidden', 'focusable', 'lang', 'xml:lang', 'xml:space',
  'href', 'xlink:href', 'xmlns', 'xmlns:xlink',
]);

/** A reference inside the same file. */
export const FRAGMENT_REFERENCE = /^#[A-Za-z_][\w.:-]*$/;
/** The only other reference allowed: a raster image inlined on an <image>. */
export const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;
