// Starter editor assets: shapes (geometry an editor can place as a shape layer), outline icons,
// backgrounds (a paint and a pattern) and font descriptors (no font files: family, weights and
// a fallback stack; the provider says where an editor may load the family from).
const INK = '#23263a';

const shape = (slug, title, tags, geometry) => ({
  slug,
  type: 'shapes',
  title,
  tags,
  data: geometry,
  art: {
    size: [200, 200],
    body: () => {
      const fill = 'fill="#5b4bdb"';
      if (geometry.shape === 'rect') return `<rect x="20" y="20" width="160" height="160" rx="28" ${fill}/>`;
      if (geometry.shape === 'ellipse') return `<ellipse cx="100" cy="100" rx="80" ry="80" ${fill}/>`;
      if (geometry.shape === 'polygon')
        return `<polygon points="${geometry.points.map(([x, y]) => `${20 + x * 160},${20 + y * 160}`).join(' ')}" ${fill}/>`;
      return `<svg x="20" y="20" width="160" height="160" viewBox="${geometry.path.view_box}"><path d="${geometry.path.d}" ${fill}/></svg>`;
    },
  },
});

const starPoints = Array.from({ length: 10 }, (_, index) => {
  const angle = (Math.PI / 5) * index - Math.PI / 2;
  const radius = index % 2 === 0 ? 0.5 : 0.2;
  return [Math.round((0.5 + radius * Math.cos(angle)) * 1000) / 1000, Math.round((0.5 + radius * Math.sin(angle)) * 1000) / 1000];
});
const hexagonPoints = Array.from({ length: 6 }, (_, index) => {
  const angle = (Math.PI / 3) * index;
  return [Math.round((0.5 + 0.5 * Math.cos(angle)) * 1000) / 1000, Math.round((0.5 + 0.5 * Math.sin(angle)) * 1000) / 1000];
});

export const SHAPES = [
  shape('circle', 'Circle', ['basic', 'round'], { shape: 'ellipse' }),
  shape('rounded-square', 'Rounded square', ['basic', 'card'], { shape: 'rect' }),
  shape('triangle', 'Triangle', ['basic', 'arrow'], {
    shape: 'polygon',
    points: [
      [0.5, 0],
      [1, 1],
      [0, 1],
    ],
  }),
  shape('star', 'Star', ['badge', 'rating'], { shape: 'polygon', points: starPoints }),
  shape('hexagon', 'Hexagon', ['basic', 'tech'], { shape: 'polygon', points: hexagonPoints }),
  shape('heart', 'Heart', ['love', 'like'], {
    shape: 'path',
    path: {
      view_box: '0 0 100 100',
      d: 'M50 90C20 70 5 50 5 32C5 17 17 6 31 6C40 6 46 11 50 18C54 11 60 6 69 6C83 6 95 17 95 32C95 50 80 70 50 90Z',
    },
  }),
  shape('blob', 'Soft blob', ['organic', 'background'], {
    shape: 'path',
    path: { view_box: '0 0 100 100', d: 'M52 4C72 4 92 16 96 38C100 60 88 84 66 94C44 102 18 94 8 72C-2 50 6 24 24 12C32 7 42 4 52 4Z' },
  }),
  shape('arrow', 'Arrow', ['direction', 'next'], {
    shape: 'polygon',
    points: [
      [0, 0.35],
      [0.6, 0.35],
      [0.6, 0.1],
      [1, 0.5],
      [0.6, 0.9],
      [0.6, 0.65],
      [0, 0.65],
    ],
  }),
  shape('speech-bubble', 'Speech bubble', ['chat', 'quote'], {
    shape: 'path',
    path: { view_box: '0 0 100 100', d: 'M14 8H86C92 8 96 12 96 18V62C96 68 92 72 86 72H40L20 92V72H14C8 72 4 68 4 62V18C4 12 8 8 14 8Z' },
  }),
  shape('burst', 'Sale burst', ['badge', 'sale'], {
    shape: 'polygon',
    points: Array.from({ length: 24 }, (_, index) => {
      const angle = (Math.PI / 12) * index;
      const radius = index % 2 === 0 ? 0.5 : 0.4;
      return [Math.round((0.5 + radius * Math.cos(angle)) * 1000) / 1000, Math.round((0.5 + radius * Math.sin(angle)) * 1000) / 1000];
    }),
  }),
];

const icon = (slug, title, tags, markup) => ({
  slug,
  type: 'icons',
  title: `${title} icon`,
  tags,
  data: { view_box: '0 0 24 24', style: 'outline' },
  art: {
    size: [24, 24],
    body: () => `<g fill="none" stroke="${INK}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${markup}</g>`,
  },
});

export const ICONS = [
  icon(
    'calendar',
    'Calendar',
    ['date', 'event'],
    '<rect x="3" y="5" width="18" height="16" rx="2"/><line x1="3" y1="10" x2="21" y2="10"/><line x1="8" y1="3" x2="8" y2="7"/><line x1="16" y1="3" x2="16" y2="7"/>',
  ),
  icon('clock', 'Clock', ['time', 'hours'], '<circle cx="12" cy="12" r="9"/><polyline points="12,7 12,12 15.5,14"/>'),
  icon(
    'map-pin',
    'Map pin',
    ['location', 'place'],
    '<path d="M12 21C12 21 5 14.5 5 9A7 7 0 0 1 19 9C19 14.5 12 21 12 21Z"/><circle cx="12" cy="9" r="2.5"/>',
  ),
  icon(
    'smartphone',
    'Smartphone',
    ['phone', 'mobile', 'app'],
    '<rect x="7" y="2" width="10" height="20" rx="2"/><line x1="11" y1="18" x2="13" y2="18"/>',
  ),
  icon('mail', 'Mail', ['email', 'contact'], '<rect x="3" y="5" width="18" height="14" rx="2"/><polyline points="3,7 12,13 21,7"/>'),
  icon(
    'star-outline',
    'Star',
    ['rating', 'favourite'],
    '<polygon points="12,2.5 14.9,8.6 21.5,9.3 16.6,13.8 18,20.4 12,17 6,20.4 7.4,13.8 2.5,9.3 9.1,8.6"/>',
  ),
  icon(
    'heart-outline',
    'Heart',
    ['like', 'love'],
    '<path d="M12 20C12 20 4 15 4 9A4.5 4.5 0 0 1 12 6.2A4.5 4.5 0 0 1 20 9C20 15 12 20 12 20Z"/>',
  ),
  icon(
    'cart',
    'Shopping cart',
    ['shop', 'buy'],
    '<polyline points="2,3 5,3 8,15 19,15 21,7 6,7"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="18" cy="19.5" r="1.5"/>',
  ),
  icon('tag', 'Price tag', ['price', 'sale'], '<path d="M3 12V4H11L21 14L13 22Z"/><circle cx="7.5" cy="7.5" r="1.5"/>'),
  icon(
    'gift',
    'Gift',
    ['present', 'offer'],
    '<rect x="3" y="9" width="18" height="12" rx="1"/><rect x="2" y="6" width="20" height="4" rx="1"/><line x1="12" y1="6" x2="12" y2="21"/><path d="M12 6C10 2 6 2 6 4.5C6 6 8 6 12 6ZM12 6C14 2 18 2 18 4.5C18 6 16 6 12 6Z"/>',
  ),
  icon('check', 'Check', ['done', 'yes'], '<polyline points="4,12 9,17 20,6"/>'),
  icon('arrow-right', 'Arrow right', ['next', 'direction'], '<line x1="4" y1="12" x2="20" y2="12"/><polyline points="14,6 20,12 14,18"/>'),
  icon('play', 'Play', ['video', 'start'], '<circle cx="12" cy="12" r="10"/><polygon points="10,8 16,12 10,16"/>'),
  icon(
    'camera',
    'Camera',
    ['photo', 'picture'],
    '<rect x="2" y="7" width="20" height="13" rx="2"/><path d="M8 7L10 4H14L16 7"/><circle cx="12" cy="13.5" r="3.5"/>',
  ),
  icon('music', 'Music', ['audio', 'song'], '<path d="M9 18V5L20 3V16"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>'),
  icon(
    'globe',
    'Globe',
    ['world', 'web'],
    '<circle cx="12" cy="12" r="9"/><ellipse cx="12" cy="12" rx="4" ry="9"/><line x1="3" y1="12" x2="21" y2="12"/>',
  ),
];

const PATTERNS = {
  none: () => '',
  dots: (color) =>
    `<defs><pattern id="a-dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="6" fill="${color}"/></pattern></defs><rect width="800" height="600" fill="url(#a-dots)"/>`,
  grid: (color) =>
    `<defs><pattern id="a-grid" width="50" height="50" patternUnits="userSpaceOnUse"><path d="M50 0H0V50" fill="none" stroke="${color}" stroke-width="2"/></pattern></defs><rect width="800" height="600" fill="url(#a-grid)"/>`,
  waves: (color) =>
    `<g fill="none" stroke="${color}" stroke-width="10" stroke-linecap="round">${[120, 260, 400, 540].map((y) => `<path d="M-20 ${y}C100 ${y - 60} 200 ${y + 60} 320 ${y}S540 ${y - 60} 660 ${y}S820 ${y + 40} 840 ${y}"/>`).join('')}</g>`,
  blobs: () =>
    '<path d="M120 80C220 40 320 120 280 220C240 320 100 300 60 220C30 160 60 100 120 80Z" fill="#ffd166"/><path d="M620 340C720 320 790 420 740 500C690 580 560 560 540 480C520 410 560 350 620 340Z" fill="#ff7a59" opacity="0.8"/><circle cx="640" cy="120" r="60" fill="#8ecae6"/><circle cx="180" cy="480" r="40" fill="#95d5b2"/>',
  stripes: (color) =>
    `<g stroke="${color}" stroke-width="24">${Array.from({ length: 14 }, (_, index) => `<line x1="${index * 80 - 200}" y1="0" x2="${index * 80 + 400}" y2="600"/>`).join('')}</g>`,
};

const background = (slug, title, tags, paint, pattern = 'none', patternColor = '#ffffff') => ({
  slug,
  type: 'backgrounds',
  title,
  tags,
  data: { paint, pattern },
  paintForArt: paint,
  art: {
    size: [800, 600],
    body: (prefix) => {
      const fill = typeof paint === 'string' ? paint : `url(#${prefix}bg)`;
      const angle = typeof paint === 'string' ? 0 : (paint.gradient.angle * Math.PI) / 180;
      const dx = Math.round((Math.sin(angle) / 2) * 100) / 100;
      const dy = Math.round((-Math.cos(angle) / 2) * 100) / 100;
      const defs =
        typeof paint === 'string'
          ? ''
          : `<defs><linearGradient id="${prefix}bg" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}">${paint.gradient.stops.map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`).join('')}</linearGradient></defs>`;
      return `${defs}<rect width="800" height="600" fill="${fill}"/>${PATTERNS[pattern](patternColor).replace(/a-(dots|grid)/g, `${prefix}$1`)}`;
    },
  },
});
const linear = (angle, ...colors) => ({
  gradient: { angle, stops: colors.map((color, index) => ({ offset: Math.round((index / (colors.length - 1)) * 100) / 100, color })) },
});

export const BACKGROUNDS = [
  background('sunrise-gradient', 'Sunrise gradient', ['warm', 'gradient'], linear(135, '#ff7a59', '#ffd166')),
  background('ocean-gradient', 'Ocean gradient', ['cool', 'gradient'], linear(180, '#0b3954', '#087e8b')),
  background('mint-gradient', 'Mint gradient', ['fresh', 'gradient'], linear(160, '#d4fc79', '#96e6a1')),
  background('dusk-gradient', 'Dusk gradient', ['evening', 'gradient'], linear(200, '#2b1b4f', '#8a3f7a', '#f08a5d')),
  background('polka-dots', 'Polka dots', ['pattern', 'playful'], '#fff1c1', 'dots', '#ffb400'),
  background('blueprint-grid', 'Blueprint grid', ['pattern', 'tech'], '#0b3954', 'grid', '#2f6f98'),
  background('soft-waves', 'Soft waves', ['pattern', 'calm'], '#c1e7e3', 'waves', '#9fd3cd'),
  background('color-blobs', 'Colour blobs', ['pattern', 'playful', 'organic'], '#fff8ef', 'blobs'),
  background('candy-stripes', 'Candy stripes', ['pattern', 'bold'], '#ffd6e0', 'stripes', '#ffc2d1'),
];

export const FONTS = [
  [
    'inter',
    'Inter',
    'sans-serif',
    [400, 500, 600, 700, 800],
    ['normal', 'italic'],
    "'Helvetica Neue', Arial, sans-serif",
    ['clean', 'interface'],
  ],
  [
    'montserrat',
    'Montserrat',
    'sans-serif',
    [400, 600, 700, 800, 900],
    ['normal', 'italic'],
    "'Helvetica Neue', Arial, sans-serif",
    ['geometric', 'headline'],
  ],
  ['poppins', 'Poppins', 'sans-serif', [400, 500, 600, 700], ['normal'], "'Helvetica Neue', Arial, sans-serif", ['friendly', 'rounded']],
  [
    'playfair-display',
    'Playfair Display',
    'serif',
    [400, 600, 700, 900],
    ['normal', 'italic'],
    'Georgia, "Times New Roman", serif',
    ['elegant', 'editorial'],
  ],
  ['lora', 'Lora', 'serif', [400, 500, 600, 700], ['normal', 'italic'], 'Georgia, serif', ['book', 'quote']],
  ['bebas-neue', 'Bebas Neue', 'display', [400], ['normal'], 'Impact, "Arial Narrow", sans-serif', ['condensed', 'poster']],
  ['pacifico', 'Pacifico', 'handwriting', [400], ['normal'], '"Brush Script MT", cursive', ['script', 'casual']],
  ['dm-mono', 'DM Mono', 'monospace', [400, 500], ['normal', 'italic'], 'Menlo, Consolas, monospace', ['code', 'technical']],
].map(([slug, family, category, weights, styles, fallback, tags]) => ({
  slug,
  type: 'fonts',
  title: family,
  tags,
  data: { family, category, weights, styles, fallback, provider: 'google-fonts' },
}));

/** The CSS font-family list for a family the templates use. */
export function fontStack(family) {
  const font = FONTS.find((entry) => entry.data.family === family);
  if (!font) throw new Error(`no font descriptor for ${family}`);
  return `'${family}', ${font.data.fallback}`;
}
