// Starter templates: social posts and stories.
import { button, ellipse, line, linear, picture, rect, shape, text } from './layers.mjs';

const template = (slug, title, category, type, tags, background, layers) => ({ slug, title, category, type, tags, format: 'png', definition: { schema: 1, background, layers: layers.flat() } });

export const SOCIAL = [
  template('spring-sale-square', 'Spring sale', 'social-post', 'instagram-post', ['sale', 'spring', 'discount'], linear(135, '#ffe3d3', '#ffd6e0'), [
    ellipse('sun', [700, -120, 500, 500], { fill: '#ff7a59' }, { opacity: 0.85 }),
    shape('blob', [-140, 700, 560, 520], 'blob', { fill: '#ffd166' }),
    text('kicker', [90, 140, 700, 60], 'Limited time', { font_size: 44, font_weight: 600, color: '#3d2c4f', letter_spacing: 4, text_transform: 'uppercase' }),
    text('headline', [90, 210, 900, 240], 'Spring', { font_family: 'Bebas Neue', font_size: 230, color: '#3d2c4f', line_height: 1 }),
    text('headline-2', [90, 430, 900, 300], 'Sale', { font_family: 'Bebas Neue', font_size: 300, color: '#ff5a5f', line_height: 1, text_transform: 'uppercase' }),
    shape('badge', [740, 520, 240, 240], 'burst', { fill: '#5b4bdb' }, { rotation: 12 }),
    text('badge-text', [740, 585, 240, 110], '-40%', { font_family: 'Bebas Neue', font_size: 96, color: '#ffffff', align: 'center' }, { rotation: 12 }),
    text('subline', [90, 770, 900, 60], 'Up to 40% off everything', { font_size: 50, font_weight: 600, color: '#3d2c4f' }),
    button('cta', [90, 880, 360, 96], 'Shop now', '#3d2c4f', '#ffffff', 40),
  ]),
  template('new-arrival-photo', 'New arrival with photo', 'social-post', 'instagram-post', ['product', 'launch', 'photo'], '#fff8ef', [
    picture('photo', [0, 0, 1080, 820], 'sample:photos/skincare-bottle'),
    picture('logo', [60, 50, 300, 100], 'sample:logos/bloom-and-co'),
    rect('panel', [0, 800, 1080, 280], { fill: '#fff8ef' }),
    text('kicker', [80, 840, 600, 40], 'New arrival', { font_size: 30, font_weight: 700, color: '#e36414', letter_spacing: 8, text_transform: 'uppercase' }),
    text('name', [80, 890, 640, 120], 'Glow Serum', { font_family: 'Playfair Display', font_size: 96, font_weight: 700, color: '#3d3a4b' }),
    text('price', [700, 900, 300, 100], '€34', { font_family: 'Playfair Display', font_size: 80, font_weight: 400, color: '#3d3a4b', align: 'right' }),
  ]),
  template('tips-carousel-cover', 'Tips carousel cover', 'social-post', 'instagram-portrait', ['tips', 'carousel', 'education'], '#0b3954', [
    ellipse('moon', [640, 150, 320, 320], { fill: '#bfd7ea' }),
    ellipse('moon-shadow', [730, 110, 320, 320], { fill: '#0b3954' }),
    shape('star-1', [560, 560, 60, 60], 'star', { fill: '#ffe29a' }),
    shape('star-2', [900, 560, 40, 40], 'star', { fill: '#ffe29a' }),
    shape('star-3', [520, 200, 36, 36], 'star', { fill: '#ffe29a' }),
    text('number', [70, 130, 500, 640], '5', { font_family: 'Bebas Neue', font_size: 640, color: '#ff5a5f', line_height: 1 }),
    text('title', [80, 760, 920, 260], 'tips for\nbetter sleep', { font_family: 'Playfair Display', font_size: 116, font_weight: 700, color: '#ffffff', line_height: 1.05 }),
    line('rule', [80, 1100, 200], '#bfd7ea', 6),
    text('swipe', [80, 1150, 600, 60], 'Swipe for the list →', { font_size: 42, font_weight: 600, color: '#bfd7ea' }),
  ]),
  template('behind-the-scenes', 'Behind the scenes', 'social-post', 'x-post', ['blog', 'team', 'photo'], '#fff8ef', [
    picture('photo', [0, 0, 800, 900], 'sample:photos/city-dusk'),
    text('kicker', [880, 200, 640, 40], 'Behind the scenes', { font_size: 32, font_weight: 700, color: '#e36414', letter_spacing: 6, text_transform: 'uppercase' }),
    text('title', [880, 260, 660, 310], 'How we build\nour spring\ncollection', { font_family: 'Playfair Display', font_size: 84, font_weight: 700, color: '#2b1b4f', line_height: 1.1 }),
    text('body', [880, 620, 640, 100], 'A day in the studio with the team,\nfrom first sketch to final sample.', { font_size: 32, color: '#5a5a7a', line_height: 1.45 }),
    button('cta', [880, 760, 280, 80], 'Read more', '#2b1b4f', '#ffffff', 30),
  ]),
];

export const STORIES = [
  template('story-flash-sale', 'Flash sale story', 'story', 'story', ['sale', 'story', 'urgent'], linear(180, '#ff7a59', '#ff5a5f'), [
    ellipse('glow', [90, 330, 900, 900], { fill: '#ffffff' }, { opacity: 0.12 }),
    text('line-1', [0, 420, 1080, 320], 'Flash', { font_family: 'Bebas Neue', font_size: 300, color: '#ffffff', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    text('line-2', [0, 700, 1080, 400], 'Sale', { font_family: 'Bebas Neue', font_size: 400, color: '#ffe29a', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    text('hours', [0, 1160, 1080, 80], '24 hours only', { font_size: 64, font_weight: 600, color: '#ffffff', align: 'center' }),
    button('cta', [290, 1450, 500, 130], 'Shop the sale', '#ffffff', '#ff5a5f', 48),
    text('swipe', [0, 1700, 1080, 60], 'Swipe up', { font_size: 40, font_weight: 600, color: '#ffe3d3', align: 'center', letter_spacing: 4, text_transform: 'uppercase' }),
  ]),
  template('story-new-post', 'New blog post story', 'story', 'story', ['blog', 'story', 'food'], '#f4efe6', [
    text('kicker', [0, 190, 1080, 60], 'New on the blog', { font_size: 40, font_weight: 700, color: '#8c5a36', align: 'center', letter_spacing: 6, text_transform: 'uppercase' }),
    rect('card', [120, 320, 840, 1120], { fill: '#ffffff', radius: 40 }),
    picture('photo', [160, 360, 760, 700], 'sample:photos/latte-art', { radius: 24 }),
    text('title', [160, 1100, 760, 190], 'The perfect\nflat white at home', { font_family: 'Playfair Display', font_size: 76, font_weight: 700, color: '#3b2418', line_height: 1.1 }),
    text('meta', [160, 1320, 760, 50], '6 min read', { font_size: 36, color: '#8c5a36' }),
    shape('arrow', [510, 1530, 60, 50], 'triangle', { fill: '#3b2418' }),
    text('cta', [0, 1610, 1080, 60], 'Tap the link to read', { font_size: 44, font_weight: 600, color: '#3b2418', align: 'center' }),
  ]),
  template('story-this-or-that', 'This or that poll story', 'story', 'story', ['poll', 'story', 'travel'], '#2b2d42', [
    text('title', [0, 150, 1080, 180], 'This or that?', { font_family: 'Bebas Neue', font_size: 160, color: '#ffb400', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    picture('photo-1', [80, 380, 920, 620], 'sample:photos/beach-sunset', { radius: 32 }),
    picture('photo-2', [80, 1080, 920, 620], 'sample:photos/pine-forest', { radius: 32 }),
    ellipse('or-badge', [440, 940, 200, 200], { fill: '#ffb400' }),
    text('or', [440, 975, 200, 130], 'or', { font_family: 'Bebas Neue', font_size: 110, color: '#2b2d42', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    text('hint', [0, 1760, 1080, 60], 'Vote in the poll', { font_size: 44, font_weight: 600, color: '#ffffff', align: 'center' }),
  ]),
  template('story-product-launch', 'Product launch story', 'story', 'story', ['launch', 'product', 'tech'], linear(180, '#1c1433', '#5b4bdb'), [
    text('kicker', [0, 220, 1080, 60], 'Introducing', { font_size: 40, font_weight: 700, color: '#cfd9ff', align: 'center', letter_spacing: 10, text_transform: 'uppercase' }),
    ellipse('halo', [150, 380, 780, 780], { fill: '#ffffff' }, { opacity: 0.08 }),
    picture('photo', [190, 420, 700, 700], 'sample:photos/headphones', { mask: 'circle', border_color: '#ffffff', border_width: 12 }),
    text('name', [0, 1200, 1080, 180], 'Orbit One', { font_family: 'Montserrat', font_size: 150, font_weight: 900, color: '#ffffff', align: 'center' }),
    text('claim', [0, 1400, 1080, 70], 'Studio sound, all day.', { font_size: 54, color: '#cfd9ff', align: 'center' }),
    button('cta', [290, 1600, 500, 120], 'Pre-order', '#ff7a59', '#ffffff', 48),
  ]),
];
