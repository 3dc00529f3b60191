// Starter samples: flat illustrations standing in for photos, fictional brand logos, texts and
// colour palettes. Each picture is `{ size, body(prefix) }` so templates can inline it; ids in
// the body carry the prefix, so two pictures in one preview never clash.
const gradient = (id, angle, stops) => {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.round((Math.sin(radians) / 2) * 100) / 100;
  const dy = Math.round((-Math.cos(radians) / 2) * 100) / 100;
  return `<linearGradient id="${id}" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}">${stops
    .map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;
};

const photo = (slug, title, alt, tags, body) => ({ slug, type: 'photos', title, tags, data: { alt }, art: { size: [800, 600], body } });

export const PHOTOS = [
  photo(
    'mountain-lake',
    'Mountain lake at dawn',
    'Snow-capped mountains reflected in a calm lake under a pink sky',
    ['nature', 'mountains', 'lake', 'travel'],
    (p) =>
      `<defs>${gradient(`${p}sky`, 180, [
        [0, '#f8b7a5'],
        [0.55, '#fde2c8'],
        [1, '#cfe3f2'],
      ])}${gradient(`${p}lake`, 180, [
        [0, '#7fa7c9'],
        [1, '#35597d'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}sky)"/><circle cx="560" cy="190" r="58" fill="#fff4e0"/>` +
      '<polygon points="0,380 170,170 300,320 420,130 600,360 700,250 800,340 800,400 0,400" fill="#6c7a99"/>' +
      '<polygon points="170,170 215,225 190,230 150,200" fill="#ffffff"/><polygon points="420,130 470,190 440,200 400,160" fill="#ffffff"/>' +
      '<polygon points="0,400 120,300 260,400" fill="#4a5878"/><polygon points="520,400 690,290 800,360 800,400" fill="#4a5878"/>' +
      `<rect y="400" width="800" height="200" fill="url(#${p}lake)"/>` +
      '<polygon points="0,400 170,560 300,450 420,600 600,430 700,510 800,450 800,400" fill="#6c7a99" opacity="0.35"/>' +
      '<rect x="120" y="455" width="160" height="4" rx="2" fill="#ffffff" opacity="0.5"/><rect x="480" y="500" width="220" height="4" rx="2" fill="#ffffff" opacity="0.4"/>',
  ),
  photo(
    'city-dusk',
    'City skyline at dusk',
    'A city skyline with lit windows against a violet evening sky',
    ['city', 'skyline', 'night', 'urban'],
    (p) =>
      `<defs>${gradient(`${p}sky`, 180, [
        [0, '#2b1b4f'],
        [0.6, '#8a3f7a'],
        [1, '#f08a5d'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}sky)"/><circle cx="620" cy="140" r="36" fill="#fde7c2" opacity="0.9"/>` +
      '<g fill="#1c1433"><rect x="20" y="300" width="90" height="300"/><rect x="120" y="220" width="70" height="380"/><rect x="200" y="330" width="110" height="270"/>' +
      '<rect x="320" y="170" width="80" height="430"/><rect x="350" y="130" width="20" height="40"/><rect x="410" y="280" width="120" height="320"/>' +
      '<rect x="540" y="240" width="75" height="360"/><rect x="625" y="310" width="95" height="290"/><rect x="730" y="260" width="70" height="340"/></g>' +
      '<g fill="#ffd27a"><rect x="135" y="250" width="10" height="14"/><rect x="160" y="280" width="10" height="14"/><rect x="335" y="200" width="10" height="14"/>' +
      '<rect x="370" y="240" width="10" height="14"/><rect x="335" y="300" width="10" height="14"/><rect x="440" y="320" width="12" height="14"/>' +
      '<rect x="480" y="360" width="12" height="14"/><rect x="560" y="280" width="10" height="14"/><rect x="585" y="330" width="10" height="14"/>' +
      '<rect x="650" y="350" width="12" height="14"/><rect x="750" y="300" width="10" height="14"/><rect x="50" y="340" width="10" height="14"/></g>',
  ),
  photo(
    'latte-art',
    'Latte art from above',
    'A latte with a heart in the foam on a wooden table, seen from above',
    ['coffee', 'cafe', 'food', 'drink'],
    (p) =>
      `<defs>${gradient(`${p}wood`, 90, [
        [0, '#b07a4f'],
        [1, '#8c5a36'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}wood)"/>` +
      '<g stroke="#7a4b2a" stroke-width="3" opacity="0.35"><line x1="0" y1="120" x2="800" y2="110"/><line x1="0" y1="300" x2="800" y2="310"/><line x1="0" y1="470" x2="800" y2="460"/></g>' +
      '<ellipse cx="400" cy="300" rx="230" ry="230" fill="#f4efe6"/><circle cx="400" cy="300" r="175" fill="#ffffff"/>' +
      '<circle cx="400" cy="300" r="140" fill="#a8693c"/><circle cx="400" cy="300" r="128" fill="#c48a57"/>' +
      '<path d="M400 372C340 330 320 296 340 268C356 246 388 248 400 276C412 248 444 246 460 268C480 296 460 330 400 372Z" fill="#f8ecd9"/>' +
      '<rect x="600" y="280" width="150" height="40" rx="20" fill="#f4efe6"/>',
  ),
  photo(
    'skincare-bottle',
    'Skincare bottle on pastel',
    'A pump bottle of serum beside a leaf on a soft peach background',
    ['beauty', 'product', 'skincare', 'pastel'],
    (p) =>
      `<defs>${gradient(`${p}bg`, 160, [
        [0, '#ffe3d3'],
        [1, '#f7c6b5'],
      ])}${gradient(`${p}glass`, 90, [
        [0, '#f1d2a8'],
        [0.5, '#fff1dc'],
        [1, '#e6bd8c'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}bg)"/><ellipse cx="400" cy="520" rx="190" ry="26" fill="#e9a995" opacity="0.5"/>` +
      `<rect x="330" y="230" width="140" height="290" rx="26" fill="url(#${p}glass)"/><rect x="370" y="180" width="60" height="55" rx="8" fill="#3d3a4b"/>` +
      '<rect x="392" y="140" width="16" height="44" fill="#3d3a4b"/><rect x="392" y="140" width="70" height="14" rx="7" fill="#3d3a4b"/>' +
      '<rect x="350" y="330" width="100" height="90" rx="6" fill="#ffffff" opacity="0.85"/><rect x="368" y="352" width="64" height="8" rx="4" fill="#3d3a4b"/>' +
      '<rect x="376" y="372" width="48" height="6" rx="3" fill="#b48b8b"/><path d="M560 520C560 420 610 360 690 330C680 420 640 490 560 520Z" fill="#7fb59a"/>' +
      '<path d="M560 520C600 460 640 400 690 330" stroke="#5b8f75" stroke-width="4" fill="none"/>',
  ),
  photo(
    'beach-sunset',
    'Beach at sunset',
    'The sun setting over the sea, a palm leaf framing the view',
    ['beach', 'summer', 'sea', 'travel'],
    (p) =>
      `<defs>${gradient(`${p}sky`, 180, [
        [0, '#ff7a59'],
        [0.5, '#ffb26b'],
        [1, '#ffe29a'],
      ])}${gradient(`${p}sea`, 180, [
        [0, '#2f7fa8'],
        [1, '#174b6b'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}sky)"/><circle cx="400" cy="330" r="110" fill="#fff3c4"/>` +
      `<rect y="330" width="800" height="170" fill="url(#${p}sea)"/><path d="M0 500C200 470 600 470 800 500L800 600L0 600Z" fill="#f3d9a4"/>` +
      '<rect x="300" y="350" width="200" height="5" rx="2" fill="#fff3c4" opacity="0.7"/><rect x="340" y="372" width="120" height="5" rx="2" fill="#fff3c4" opacity="0.5"/>' +
      '<path d="M700 600C690 470 700 360 730 260" stroke="#5a3b22" stroke-width="14" fill="none"/>' +
      '<path d="M730 260C660 230 600 250 560 300C630 270 690 270 730 260ZM730 260C760 200 800 190 800 190L800 260C770 250 750 255 730 260ZM730 260C700 200 650 180 600 180C660 210 700 230 730 260Z" fill="#2e6b3f"/>',
  ),
  photo(
    'pine-forest',
    'Pine forest in mist',
    'Rows of pine trees fading into morning mist',
    ['forest', 'nature', 'trees', 'calm'],
    (p) =>
      `<defs>${gradient(`${p}sky`, 180, [
        [0, '#dfe9e4'],
        [1, '#b7cbc2'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}sky)"/>` +
      '<g fill="#9db3a8"><polygon points="60,420 120,200 180,420"/><polygon points="220,420 290,170 360,420"/><polygon points="420,420 480,210 540,420"/><polygon points="600,420 670,180 740,420"/></g>' +
      '<rect y="400" width="800" height="200" fill="#88a296"/>' +
      '<g fill="#4f6f60"><polygon points="0,600 80,300 160,600"/><polygon points="140,600 230,260 320,600"/><polygon points="330,600 400,320 470,600"/><polygon points="480,600 570,250 660,600"/><polygon points="640,600 730,290 800,600"/></g>' +
      '<g fill="#2f4a3e"><polygon points="90,600 150,420 210,600"/><polygon points="390,600 450,440 510,600"/><polygon points="680,600 740,430 800,600"/></g>',
  ),
  photo(
    'headphones',
    'Wireless headphones',
    'Over-ear headphones on a two-tone studio background',
    ['product', 'tech', 'music', 'audio'],
    (p) =>
      `<defs>${gradient(`${p}bg`, 135, [
        [0, '#cfd9ff'],
        [1, '#9fb0f5'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}bg)"/><circle cx="400" cy="300" r="230" fill="#ffffff" opacity="0.35"/>` +
      '<path d="M250 330C250 200 320 130 400 130C480 130 550 200 550 330" stroke="#23263a" stroke-width="34" fill="none" stroke-linecap="round"/>' +
      '<rect x="205" y="300" width="95" height="160" rx="40" fill="#23263a"/><rect x="500" y="300" width="95" height="160" rx="40" fill="#23263a"/>' +
      '<rect x="225" y="320" width="55" height="120" rx="26" fill="#ff7a59"/><rect x="520" y="320" width="55" height="120" rx="26" fill="#ff7a59"/>' +
      '<ellipse cx="400" cy="520" rx="200" ry="18" fill="#7c8cd6" opacity="0.5"/>',
  ),
  photo(
    'portrait',
    'Portrait illustration',
    'A smiling person with curly hair on a warm yellow background',
    ['people', 'portrait', 'team', 'avatar'],
    (p) =>
      `<defs>${gradient(`${p}bg`, 180, [
        [0, '#ffd66b'],
        [1, '#ffb84d'],
      ])}</defs>` +
      `<rect width="800" height="600" fill="url(#${p}bg)"/>` +
      '<path d="M240 600C250 480 320 420 400 420C480 420 550 480 560 600Z" fill="#2f5d8a"/>' +
      '<rect x="370" y="360" width="60" height="80" rx="20" fill="#c98b62"/><ellipse cx="400" cy="290" rx="92" ry="108" fill="#d89a6f"/>' +
      '<path d="M300 280C290 180 350 150 400 150C470 150 520 190 505 290C490 230 450 210 400 215C350 220 320 240 300 280Z" fill="#3b2418"/>' +
      '<circle cx="310" cy="215" r="32" fill="#3b2418"/><circle cx="345" cy="175" r="34" fill="#3b2418"/><circle cx="400" cy="160" r="36" fill="#3b2418"/>' +
      '<circle cx="455" cy="172" r="34" fill="#3b2418"/><circle cx="492" cy="212" r="32" fill="#3b2418"/>' +
      '<circle cx="365" cy="295" r="8" fill="#2a1a12"/><circle cx="435" cy="295" r="8" fill="#2a1a12"/>' +
      '<path d="M365 340C385 360 415 360 435 340" stroke="#2a1a12" stroke-width="7" fill="none" stroke-linecap="round"/>',
  ),
];

const logo = (slug, title, brand, tags, mark, color) => ({
  slug,
  type: 'logos',
  title,
  tags,
  data: { brand },
  art: {
    size: [480, 160],
    body: () =>
      `<g>${mark}</g><text x="170" y="98" font-family="Montserrat, 'Helvetica Neue', Arial, sans-serif" font-size="44" font-weight="700" fill="${color}">${brand.replace(/&/g, '&amp;')}</text>`,
  },
});

export const LOGOS = [
  logo(
    'northwind',
    'Northwind logo',
    'Northwind',
    ['brand', 'compass', 'travel'],
    '<circle cx="80" cy="80" r="56" fill="none" stroke="#1f3b5b" stroke-width="8"/><polygon points="80,34 94,80 80,126 66,80" fill="#1f3b5b"/><polygon points="80,34 94,80 66,80" fill="#ff7a59"/>',
    '#1f3b5b',
  ),
  logo(
    'bloom-and-co',
    'Bloom & Co logo',
    'Bloom & Co',
    ['brand', 'flower', 'beauty'],
    '<g fill="#e8618c"><circle cx="80" cy="50" r="26"/><circle cx="110" cy="80" r="26"/><circle cx="80" cy="110" r="26"/><circle cx="50" cy="80" r="26"/></g><circle cx="80" cy="80" r="18" fill="#ffd166"/>',
    '#8c2f55',
  ),
  logo(
    'peak-studio',
    'Peak Studio logo',
    'Peak Studio',
    ['brand', 'mountain', 'creative'],
    '<polygon points="20,130 70,40 100,90 115,65 150,130" fill="#2e6b5e"/><polygon points="70,40 85,67 55,67" fill="#ffffff"/>',
    '#2e6b5e',
  ),
  logo(
    'lumen',
    'Lumen logo',
    'Lumen',
    ['brand', 'sun', 'energy'],
    '<circle cx="80" cy="80" r="30" fill="#ffb400"/><g stroke="#ffb400" stroke-width="8" stroke-linecap="round"><line x1="80" y1="20" x2="80" y2="36"/><line x1="80" y1="124" x2="80" y2="140"/><line x1="20" y1="80" x2="36" y2="80"/><line x1="124" y1="80" x2="140" y2="80"/><line x1="38" y1="38" x2="49" y2="49"/><line x1="111" y1="111" x2="122" y2="122"/><line x1="38" y1="122" x2="49" y2="111"/><line x1="111" y1="49" x2="122" y2="38"/></g>',
    '#3a3a3a',
  ),
  logo(
    'orbit-labs',
    'Orbit Labs logo',
    'Orbit Labs',
    ['brand', 'planet', 'tech'],
    '<circle cx="80" cy="80" r="34" fill="#5b4bdb"/><ellipse cx="80" cy="80" rx="66" ry="20" fill="none" stroke="#19b5a5" stroke-width="7" transform="rotate(-20 80 80)"/>',
    '#231f5c',
  ),
  logo(
    'fern-cafe',
    'Fern Café logo',
    'Fern Café',
    ['brand', 'leaf', 'cafe'],
    '<path d="M80 140C80 90 100 50 140 24C140 80 120 120 80 140Z" fill="#4f9d69"/><path d="M80 140C80 100 60 70 26 52C28 100 46 126 80 140Z" fill="#7cc08f"/><line x1="80" y1="140" x2="80" y2="100" stroke="#2f6b45" stroke-width="5"/>',
    '#2f6b45',
  ),
];

const texts = [
  ['headline-big-sale', 'Headline: big sale', 'headline', 'The big summer sale is here', ['sale', 'summer']],
  ['headline-launch', 'Headline: launch', 'headline', 'Meet the new collection', ['launch', 'new']],
  ['subheadline-discount', 'Subheadline: discount', 'subheadline', 'Up to 40% off everything, this week only', ['sale', 'discount']],
  [
    'body-about',
    'Body: about us',
    'body',
    'We design small-batch goods with care, from the first sketch to the parcel on your doorstep.',
    ['about', 'brand'],
  ],
  [
    'quote-steve-jobs',
    'Quote: do what you love',
    'quote',
    'The only way to do great work is to love what you do.',
    ['inspiration', 'work'],
  ],
  [
    'quote-maya-angelou',
    'Quote: how you made them feel',
    'quote',
    'People will never forget how you made them feel.',
    ['inspiration', 'people'],
  ],
  ['cta-shop-now', 'Call to action: shop now', 'call-to-action', 'Shop now', ['button', 'shop']],
  ['cta-register', 'Call to action: register', 'call-to-action', 'Save your seat', ['button', 'event']],
  ['price-from', 'Price: from', 'price', 'from €29', ['price']],
];
const attributions = { 'quote-steve-jobs': 'Steve Jobs', 'quote-maya-angelou': 'Maya Angelou' };

export const TEXTS = texts.map(([slug, title, role, text, tags]) => ({
  slug,
  type: 'texts',
  title,
  tags,
  data: attributions[slug] ? { role, text, attribution: attributions[slug] } : { role, text },
}));

export const PALETTES = [
  ['sunset', 'Sunset', ['#ff7a59', '#ffb26b', '#ffe29a', '#3d2c4f', '#fff8ef'], ['warm']],
  ['ocean', 'Ocean', ['#0b3954', '#087e8b', '#bfd7ea', '#ff5a5f', '#f5fbff'], ['cool', 'blue']],
  ['forest', 'Forest', ['#1f3d2b', '#4f9d69', '#b7d3a8', '#f2e8cf', '#bc6c25'], ['green', 'natural']],
  ['pastel', 'Pastel', ['#ffd6e0', '#c1e7e3', '#dcd3ff', '#fff1c1', '#5a5a7a'], ['soft']],
  ['monochrome', 'Monochrome', ['#111111', '#444444', '#888888', '#dddddd', '#ffffff'], ['minimal', 'black and white']],
  ['citrus', 'Citrus', ['#ffb400', '#ff6f3c', '#9bc53d', '#fffbea', '#2b2d42'], ['bright', 'summer']],
  ['berry', 'Berry', ['#5f0f40', '#9a031e', '#e36414', '#fb8b24', '#fdf0e8'], ['rich', 'autumn']],
  ['earth', 'Earth', ['#6b4f3a', '#a98467', '#dde5b6', '#f0ead2', '#283618'], ['neutral', 'natural']],
].map(([slug, title, colors, tags]) => ({ slug, type: 'palettes', title: `${title} palette`, tags, data: { colors } }));
