// Renders a template definition (docs/library.md, "Layers") as an SVG preview, the way an
// editor would draw it: background, then layers in order. Image layers draw the sample or
// asset they name (its art inlined, ids prefixed), or a placeholder when `src` is null.
const escapeText = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text) => escapeText(text).replace(/"/g, '&quot;');
const round = (value) => Math.round(value * 100) / 100;

/** Gradient end points in objectBoundingBox units for a CSS angle (0 = to top, 90 = to right). */
function gradientVector(angle) {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.sin(radians) / 2;
  const dy = -Math.cos(radians) / 2;
  return { x1: round(0.5 - dx), y1: round(0.5 - dy), x2: round(0.5 + dx), y2: round(0.5 + dy) };
}

class Defs {
  constructor(prefix) {
    this.prefix = prefix;
    this.items = [];
    this.count = 0;
  }

  id(kind) {
    this.count += 1;
    return `${this.prefix}${kind}${this.count}`;
  }

  /** A fill value for a paint: a colour as is, a gradient as url(#id). */
  paint(paint) {
    if (paint === null || paint === undefined) return 'none';
    if (typeof paint === 'string') return paint;
    const id = this.id('g');
    const { x1, y1, x2, y2 } = gradientVector(paint.gradient.angle ?? 0);
    const stops = paint.gradient.stops.map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`).join('');
    this.items.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops}</linearGradient>`);
    return `url(#${id})`;
  }

  clip(markup) {
    const id = this.id('c');
    this.items.push(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }
}

function common(layer) {
  const parts = [];
  if (layer.opacity !== undefined && layer.opacity !== 1) parts.push(` opacity="${layer.opacity}"`);
  if (layer.rotation)
    parts.push(` transform="rotate(${layer.rotation} ${round(layer.x + layer.width / 2)} ${round(layer.y + layer.height / 2)})"`);
  return parts.join('');
}

function shape(layer, defs) {
  const style = layer.style ?? {};
  const fill = defs.paint(style.fill);
  const stroke = style.stroke ? ` stroke="${style.stroke}" stroke-width="${style.stroke_width ?? 1}"` : '';
  const paint = ` fill="${fill}"${stroke}${common(layer)}`;
  const { x, y, width, height } = layer;
  switch (layer.shape) {
    case 'rect':
      return `<rect x="${x}" y="${y}" width="${width}" height="${height}"${style.radius ? ` rx="${style.radius}"` : ''}${paint}/>`;
    case 'ellipse':
      return `<ellipse cx="${round(x + width / 2)}" cy="${round(y + height / 2)}" rx="${round(width / 2)}" ry="${round(height / 2)}"${paint}/>`;
    case 'line':
      return `<line x1="${x}" y1="${y}" x2="${x + width}" y2="${y + height}" stroke="${style.stroke ?? '#000000'}" stroke-width="${style.stroke_width ?? 1}" stroke-linecap="round"${common(layer)}/>`;
    case 'polygon': {
      const points = layer.points.map(([px, py]) => `${round(x + px * width)},${round(y + py * height)}`).join(' ');
      return `<polygon points="${points}"${paint}/>`;
    }
    case 'path':
      return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="${layer.path.view_box}" preserveAspectRatio="none" overflow="visible"><path d="${layer.path.d}"${paint}/></svg>`;
    default:
      throw new Error(`unknown shape ${layer.shape}`);
  }
}

function text(layer, fonts) {
  const style = layer.style;
  const lineHeight = style.line_height ?? 1.2;
  const size = style.font_size;
  const anchor = { left: 'start', center: 'middle', right: 'end' }[style.align ?? 'left'];
  const x = round(style.align === 'center' ? layer.x + layer.width / 2 : style.align === 'right' ? layer.x + layer.width : layer.x);
  const transform =
    style.text_transform === 'uppercase'
      ? (line) => line.toUpperCase()
      : style.text_transform === 'lowercase'
        ? (line) => line.toLowerCase()
        : (line) => line;
  const lines = layer.text.split('\n').map(transform);
  const firstBaseline = round(layer.y + (size * lineHeight - size) / 2 + size * 0.8);
  const tspans = lines
    .map((line, index) => `<tspan x="${x}" y="${round(firstBaseline + index * size * lineHeight)}">${escapeText(line)}</tspan>`)
    .join('');
  const attributes = [
    `font-family="${escapeAttribute(fonts(style.font_family))}"`,
    `font-size="${size}"`,
    style.font_weight ? `font-weight="${style.font_weight}"` : '',
    style.font_style === 'italic' ? 'font-style="italic"' : '',
    style.letter_spacing ? `letter-spacing="${style.letter_spacing}"` : '',
    `fill="${style.color}"`,
    anchor !== 'start' ? `text-anchor="${anchor}"` : '',
  ].filter(Boolean);
  return `<text ${attributes.join(' ')}${common(layer)}>${tspans}</text>`;
}

function image(layer, defs, art) {
  const { x, y, width, height } = layer;
  const style = layer.style ?? {};
  const circle = style.mask === 'circle';
  const outline = circle
    ? `<ellipse cx="${round(x + width / 2)}" cy="${round(y + height / 2)}" rx="${round(width / 2)}" ry="${round(height / 2)}"/>`
    : `<rect x="${x}" y="${y}" width="${width}" height="${height}"${style.radius ? ` rx="${style.radius}"` : ''}/>`;
  const clip = defs.clip(outline);
  let inner;
  if (layer.src) {
    const piece = art(layer.src);
    const [viewWidth, viewHeight] = piece.size;
    const fit = layer.fit === 'contain' ? 'meet' : 'slice';
    inner = `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="xMidYMid ${fit}">${piece.body(`${defs.prefix}${layer.id}-`)}</svg>`;
  } else {
    const icon = Math.min(width, height) / 4;
    const cx = x + width / 2;
    const cy = y + height / 2;
    inner =
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#d9dde3"/>` +
      `<path d="M${round(cx - icon)} ${round(cy + icon * 0.6)}L${round(cx - icon * 0.3)} ${round(cy - icon * 0.2)}L${round(cx + icon * 0.1)} ${round(cy + icon * 0.25)}L${round(cx + icon * 0.45)} ${round(cy - icon * 0.05)}L${round(cx + icon)} ${round(cy + icon * 0.6)}Z" fill="#aab2bd"/>` +
      `<circle cx="${round(cx + icon * 0.45)}" cy="${round(cy - icon * 0.55)}" r="${round(icon * 0.2)}" fill="#aab2bd"/>`;
  }
  const border = style.border_width
    ? outline.replace('/>', ` fill="none" stroke="${style.border_color ?? '#ffffff'}" stroke-width="${style.border_width}"/>`)
    : '';
  return `<g clip-path="${clip}"${common(layer)}>${inner}</g>${border}`;
}

/**
 * `template`: { width, height, definition }; `art(src)`: { size: [w, h], body(prefix) } for a
 * "sample:…"/"asset:…" source; `fonts(family)`: the CSS font-family list for a family.
 */
export function renderTemplate(template, { art, fonts, previewWidth = 540 }) {
  const { width, height, definition } = template;
  const defs = new Defs('p');
  const background = defs.paint(definition.background);
  const layers = definition.layers.map((layer) => {
    if (layer.type === 'shape') return shape(layer, defs);
    if (layer.type === 'text') return text(layer, fonts);
    return image(layer, defs, art);
  });
  const scale = Math.min(1, previewWidth / width);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${Math.round(width * scale)}" height="${Math.round(height * scale)}">` +
    `<title>${escapeText(template.title)}</title>` +
    (defs.items.length > 0 ? `<defs>${defs.items.join('')}</defs>` : '') +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    layers.join('') +
    '</svg>'
  );
}

/** A standalone SVG file around a piece of art. */
export function standalone(piece, title) {
  const [width, height] = piece.size;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeText(title)}</title>${piece.body('a-')}</svg>`;
}
