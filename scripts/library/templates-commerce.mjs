// Starter templates: web and profile banners, product cards.
import { button, ellipse, line, linear, picture, rect, shape, text } from './layers.mjs';

const template = (slug, title, category, type, tags, background, layers) => ({ slug, title, category, type, tags, format: 'png', definition: { schema: 1, background, layers: layers.flat() } });

export const BANNERS = [
  template('leaderboard-summer-sale', 'Summer sale leaderboard', 'banner', 'web-leaderboard', ['sale', 'ad', 'summer'], linear(90, '#0b3954', '#087e8b'), [
    text('headline', [22, 18, 260, 50], 'Summer sale', { font_family: 'Montserrat', font_size: 34, font_weight: 800, color: '#ffffff' }),
    text('subline', [280, 31, 260, 30], 'Up to 40% off', { font_size: 22, font_weight: 600, color: '#bfd7ea' }),
    button('cta', [590, 22, 120, 46], 'Shop now', '#ff5a5f', '#ffffff', 18),
  ]),
  template('rectangle-app-promo', 'App promo rectangle', 'banner', 'web-rectangle', ['app', 'ad', 'mobile'], '#f5fbff', [
    ellipse('glow', [150, 20, 180, 180], { fill: '#bfd7ea' }, { opacity: 0.6 }),
    rect('phone', [180, 40, 100, 190], { fill: '#0b3954', radius: 14 }),
    rect('screen', [188, 56, 84, 150], { fill: '#ffffff', radius: 6 }),
    rect('screen-card', [196, 66, 68, 40], { fill: '#bfd7ea', radius: 5 }),
    rect('screen-line-1', [196, 116, 50, 8], { fill: '#0b3954', radius: 4 }),
    rect('screen-line-2', [196, 132, 62, 6], { fill: '#87a8c3', radius: 3 }),
    rect('screen-button', [196, 176, 68, 20], { fill: '#ff5a5f', radius: 10 }),
    text('headline', [20, 36, 160, 110], 'Plan your\nweek in\nminutes', { font_family: 'Montserrat', font_size: 26, font_weight: 800, color: '#0b3954', line_height: 1.15 }),
    button('cta', [20, 170, 140, 44], 'Get the app', '#ff5a5f', '#ffffff', 18),
  ]),
  template('linkedin-banner-studio', 'Studio profile banner', 'banner', 'linkedin-banner', ['profile', 'studio', 'brand'], '#1f3b5b', [
    ellipse('circle-1', [1150, -150, 600, 600], { fill: '#ff7a59' }, { opacity: 0.9 }),
    ellipse('circle-2', [1340, 200, 300, 300], { fill: '#ffd166' }),
    shape('dots', [1040, 250, 80, 80], 'star', { fill: '#bfd7ea' }),
    text('name', [460, 110, 700, 90], 'Peak Studio', { font_family: 'Montserrat', font_size: 72, font_weight: 800, color: '#ffffff' }),
    text('services', [460, 215, 800, 40], 'Brand identity · Web design · Illustration', { font_size: 32, color: '#bfd7ea' }),
  ]),
  template('youtube-thumbnail-bold', 'Bold video thumbnail', 'banner', 'youtube-thumbnail', ['video', 'thumbnail', 'challenge'], '#ffb400', [
    picture('photo', [700, 0, 580, 720], 'sample:photos/portrait'),
    rect('edge', [660, 0, 60, 720], { fill: '#ffb400' }, { rotation: 6 }),
    text('headline', [60, 70, 640, 480], 'I tried\nit for\n30 days', { font_family: 'Bebas Neue', font_size: 160, color: '#1c1433', line_height: 0.95, text_transform: 'uppercase' }),
    shape('burst', [500, 470, 220, 220], 'burst', { fill: '#ff5a5f' }, { rotation: -10 }),
    text('burst-text', [500, 540, 220, 84], 'Wow', { font_family: 'Bebas Neue', font_size: 76, color: '#ffffff', align: 'center', text_transform: 'uppercase' }, { rotation: -10 }),
  ]),
];

export const PRODUCT_CARDS = [
  template('product-card-headphones', 'Headphones product card', 'product-card', 'instagram-post', ['product', 'tech', 'price'], linear(135, '#cfd9ff', '#9fb0f5'), [
    picture('photo', [90, 90, 900, 680], 'sample:photos/headphones', { radius: 40 }),
    text('name', [90, 820, 600, 90], 'Orbit One', { font_family: 'Montserrat', font_size: 72, font_weight: 800, color: '#23263a' }),
    text('details', [90, 915, 620, 50], 'Wireless · 40 h battery', { font_size: 36, color: '#4a4f6a' }),
    rect('price-tag', [730, 830, 260, 120], { fill: '#ff7a59', radius: 60 }),
    text('price', [730, 853, 260, 74], '€199', { font_family: 'Montserrat', font_size: 60, font_weight: 800, color: '#ffffff', align: 'center' }),
  ]),
  template('product-card-minimal', 'Minimal product card', 'product-card', 'instagram-portrait', ['product', 'beauty', 'shop'], '#ffffff', [
    picture('photo', [60, 60, 960, 860], 'sample:photos/skincare-bottle', { radius: 32 }),
    text('name', [80, 960, 620, 110], 'Glow Serum', { font_family: 'Playfair Display', font_size: 84, font_weight: 700, color: '#3d3a4b' }),
    text('details', [80, 1075, 620, 50], 'Vitamin C · 30 ml', { font_size: 36, color: '#8a8a9a' }),
    text('price', [700, 960, 300, 110], '€34', { font_family: 'Playfair Display', font_size: 84, font_weight: 700, color: '#e36414', align: 'right' }),
    button('cta', [80, 1170, 920, 110], 'Add to cart', '#3d3a4b', '#ffffff', 42),
  ]),
  template('product-card-coffee', 'Seasonal coffee card', 'product-card', 'facebook-post', ['cafe', 'menu', 'food'], '#3b2418', [
    ellipse('ring', [640, 45, 540, 540], { fill: '#5a3824' }),
    picture('photo', [660, 65, 500, 500], 'sample:photos/latte-art', { mask: 'circle' }),
    text('kicker', [70, 110, 560, 40], 'Seasonal menu', { font_size: 26, font_weight: 700, color: '#f2c6a0', letter_spacing: 6, text_transform: 'uppercase' }),
    text('name', [70, 165, 560, 220], 'Maple\noat latte', { font_family: 'Playfair Display', font_size: 90, font_weight: 700, color: '#fff8ef', line_height: 1.05 }),
    text('price', [70, 405, 300, 80], '€4.20', { font_family: 'Playfair Display', font_size: 60, color: '#f2c6a0' }),
    line('rule', [70, 510, 120], '#f2c6a0', 3),
    text('where', [70, 530, 560, 40], 'Fern Café · Main Street 12', { font_size: 26, color: '#d9b89a' }),
  ]),
  template('product-card-art-print', 'Art print pin', 'product-card', 'pinterest-pin', ['print', 'art', 'shop'], '#fff8ef', [
    rect('header', [0, 0, 1000, 160], { fill: '#2e6b5e' }),
    text('shop', [0, 55, 1000, 50], 'Peak Studio Shop', { font_size: 36, font_weight: 700, color: '#ffffff', align: 'center', letter_spacing: 2 }),
    rect('frame', [70, 210, 860, 660], { fill: '#ffffff', stroke: '#e4ddd0', stroke_width: 2, radius: 8 }),
    picture('photo', [100, 240, 800, 600], 'sample:photos/mountain-lake'),
    text('title', [80, 910, 840, 200], 'Mountain Dawn\nart print', { font_family: 'Playfair Display', font_size: 80, font_weight: 700, color: '#1f3d2b', line_height: 1.1 }),
    picture('check-1', [80, 1140, 44, 44], 'asset:icons/check'),
    text('feature-1', [140, 1140, 760, 44], 'Museum-grade paper', { font_size: 36, color: '#2e6b5e' }),
    picture('check-2', [80, 1200, 44, 44], 'asset:icons/check'),
    text('feature-2', [140, 1200, 760, 44], 'Signed and numbered', { font_size: 36, color: '#2e6b5e' }),
    picture('check-3', [80, 1260, 44, 44], 'asset:icons/check'),
    text('feature-3', [140, 1260, 760, 44], 'Ships in 2 days', { font_size: 36, color: '#2e6b5e' }),
    button('cta', [80, 1350, 320, 96], 'from €29', '#ff7a59', '#ffffff', 40),
  ]),
];
