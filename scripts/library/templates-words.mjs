// Starter templates: quotes, events, announcements.
import { button, ellipse, line, linear, picture, rect, shape, text } from './layers.mjs';

const template = (slug, title, category, type, tags, background, layers) => ({ slug, title, category, type, tags, format: 'png', definition: { schema: 1, background, layers: layers.flat() } });

export const QUOTES = [
  template('quote-serif-classic', 'Classic serif quote', 'quote', 'instagram-post', ['quote', 'inspiration', 'minimal'], '#f4efe6', [
    text('mark', [80, 40, 300, 360], '“', { font_family: 'Playfair Display', font_size: 360, font_weight: 700, color: '#e36414', line_height: 1 }),
    text('quote', [100, 340, 880, 380], 'The only way to do\ngreat work is to love\nwhat you do.', { font_family: 'Playfair Display', font_size: 78, font_style: 'italic', color: '#2b2d42', line_height: 1.25 }),
    line('rule', [100, 780, 120], '#e36414', 6),
    text('author', [100, 810, 700, 50], 'Steve Jobs', { font_size: 40, font_weight: 600, color: '#2b2d42' }),
  ]),
  template('quote-bold-colour', 'Bold colour quote', 'quote', 'instagram-portrait', ['quote', 'motivation', 'bold'], '#5b4bdb', [
    shape('blob', [-120, -140, 640, 640], 'blob', { fill: '#7b6cf0' }),
    shape('blob-2', [700, 1050, 500, 460], 'blob', { fill: '#4535c0' }),
    text('quote', [90, 220, 900, 900], 'Done is\nbetter\nthan\nperfect.', { font_family: 'Bebas Neue', font_size: 230, color: '#ffffff', line_height: 0.95, text_transform: 'uppercase' }),
    text('tag', [90, 1180, 900, 50], '#mondaymotivation', { font_size: 40, font_weight: 600, color: '#cfd9ff' }),
  ]),
  template('quote-photo-overlay', 'Quote over a photo', 'quote', 'x-post', ['quote', 'travel', 'photo'], '#0b1a2b', [
    picture('photo', [0, 0, 1600, 900], 'sample:photos/mountain-lake'),
    rect('shade', [0, 0, 1600, 900], { fill: '#0b1a2b' }, { opacity: 0.55 }),
    text('quote', [100, 300, 1400, 220], '“Not all those who wander\nare lost.”', { font_family: 'Playfair Display', font_size: 88, font_weight: 700, color: '#ffffff', align: 'center', line_height: 1.2 }),
    line('rule', [740, 570, 120], '#f8b7a5', 4),
    text('author', [100, 600, 1400, 50], 'J. R. R. Tolkien', { font_size: 40, font_weight: 600, color: '#f8b7a5', align: 'center', letter_spacing: 2 }),
  ]),
  template('quote-story-handwritten', 'Handwritten quote story', 'quote', 'story', ['quote', 'kindness', 'story'], linear(200, '#ffd6e0', '#dcd3ff'), [
    ellipse('circle', [140, 480, 800, 800], { fill: '#ffffff' }, { opacity: 0.45 }),
    text('quote', [0, 640, 1080, 460], 'be kind,\nalways', { font_family: 'Pacifico', font_size: 170, color: '#5f0f40', align: 'center', line_height: 1.3 }),
    shape('heart', [460, 1230, 160, 144], 'heart', { fill: '#e8618c' }),
    text('hint', [0, 1650, 1080, 60], 'share this with a friend', { font_size: 40, color: '#5a5a7a', align: 'center' }),
  ]),
];

export const EVENTS = [
  template('event-webinar', 'Live webinar', 'event', 'facebook-post', ['webinar', 'online', 'design'], '#0b3954', [
    rect('accent', [760, 0, 440, 630], { fill: '#087e8b' }),
    picture('speaker', [820, 100, 320, 320], 'sample:photos/portrait', { mask: 'circle', border_color: '#ffffff', border_width: 8 }),
    text('speaker-name', [760, 450, 440, 40], 'with Ana Ruiz', { font_size: 30, font_weight: 600, color: '#ffffff', align: 'center' }),
    text('kicker', [70, 80, 600, 40], 'Live webinar', { font_size: 26, font_weight: 700, color: '#ff5a5f', letter_spacing: 6, text_transform: 'uppercase' }),
    text('title', [70, 130, 660, 180], 'Design systems\nthat scale', { font_family: 'Montserrat', font_size: 64, font_weight: 800, color: '#ffffff', line_height: 1.1 }),
    text('when', [70, 350, 660, 40], 'Thu 12 March · 17:00 CET', { font_size: 32, font_weight: 600, color: '#bfd7ea' }),
    button('cta', [70, 440, 300, 80], 'Save your seat', '#ff5a5f', '#ffffff', 30),
  ]),
  template('event-concert-poster', 'Concert poster', 'event', 'poster', ['music', 'concert', 'poster'], '#1c1433', [
    ellipse('sun', [220, 240, 800, 800], { fill: linear(180, '#ff7a59', '#8a3f7a') }),
    rect('stripe-1', [200, 760, 840, 18], { fill: '#1c1433' }),
    rect('stripe-2', [200, 830, 840, 26], { fill: '#1c1433' }),
    rect('stripe-3', [200, 910, 840, 34], { fill: '#1c1433' }),
    rect('stripe-4', [200, 995, 840, 50], { fill: '#1c1433' }),
    text('title', [0, 1060, 1240, 480], 'Night\nwaves', { font_family: 'Bebas Neue', font_size: 260, color: '#ffe29a', align: 'center', line_height: 0.9, text_transform: 'uppercase' }),
    text('where', [0, 1560, 1240, 50], 'Live at the Harbour Hall · 21 June', { font_size: 42, font_weight: 600, color: '#fde7c2', align: 'center' }),
    text('doors', [0, 1630, 1240, 44], 'Doors 19:00', { font_size: 34, color: '#cfd9ff', align: 'center', letter_spacing: 4, text_transform: 'uppercase' }),
  ]),
  template('event-workshop-square', 'Workshop invitation', 'event', 'instagram-post', ['workshop', 'drawing', 'free'], '#f2e8cf', [
    rect('band', [0, 0, 1080, 120], { fill: '#283618' }),
    text('kicker', [0, 38, 1080, 44], 'Free workshop', { font_size: 36, font_weight: 700, color: '#f2e8cf', align: 'center', letter_spacing: 8, text_transform: 'uppercase' }),
    picture('photo', [80, 180, 920, 460], 'sample:photos/pine-forest', { radius: 24 }),
    text('title', [80, 680, 920, 180], 'Urban sketching\nfor beginners', { font_family: 'Playfair Display', font_size: 72, font_weight: 700, color: '#283618', line_height: 1.1 }),
    picture('icon-date', [80, 890, 56, 56], 'asset:icons/calendar'),
    text('date', [160, 896, 800, 50], 'Sat 5 April, 10:00', { font_size: 40, font_weight: 600, color: '#6b4f3a' }),
    picture('icon-place', [80, 966, 56, 56], 'asset:icons/map-pin'),
    text('place', [160, 972, 800, 50], 'City Library, Room 2', { font_size: 40, font_weight: 600, color: '#6b4f3a' }),
  ]),
  template('event-save-the-date', 'Save the date', 'event', 'instagram-portrait', ['wedding', 'invitation', 'date'], '#fff8ef', [
    rect('border', [50, 50, 980, 1250], { fill: null, stroke: '#bc6c25', stroke_width: 4, radius: 12 }),
    text('script', [0, 200, 1080, 220], 'Save the date', { font_family: 'Pacifico', font_size: 120, color: '#bc6c25', align: 'center' }),
    text('names', [0, 520, 1080, 120], 'Anna & Leo', { font_family: 'Playfair Display', font_size: 96, font_weight: 700, color: '#283618', align: 'center', letter_spacing: 6, text_transform: 'uppercase' }),
    text('date', [0, 700, 1080, 100], '14 · 09 · 2027', { font_family: 'Playfair Display', font_size: 80, color: '#283618', align: 'center' }),
    shape('heart', [500, 880, 80, 72], 'heart', { fill: '#bc6c25' }),
    text('place', [0, 1050, 1080, 50], 'Lisbon, Portugal', { font_size: 40, font_weight: 600, color: '#6b4f3a', align: 'center', letter_spacing: 4, text_transform: 'uppercase' }),
    text('note', [0, 1130, 1080, 44], 'Invitation to follow', { font_size: 32, color: '#a98467', align: 'center' }),
  ]),
];

const hoursRow = (index, day, hours) => {
  const y = 590 + index * 120;
  return [
    text(`day-${index}`, [180, y, 420, 56], day, { font_size: 44, font_weight: 700, color: '#1f3d2b' }),
    text(`hours-${index}`, [540, y, 360, 56], hours, { font_size: 44, color: '#1f3d2b', align: 'right' }),
    ...(index < 3 ? [line(`divider-${index}`, [180, y + 88, 720], '#b7d3a8', 2)] : []),
  ];
};

export const ANNOUNCEMENTS = [
  template('announcement-we-are-hiring', 'We are hiring', 'announcement', 'facebook-post', ['hiring', 'jobs', 'team'], '#ffd166', [
    picture('photo', [760, 90, 380, 380], 'sample:photos/portrait', { mask: 'circle', border_color: '#ffffff', border_width: 10 }),
    shape('star', [1070, 420, 100, 100], 'star', { fill: '#ff7a59' }),
    text('headline', [70, 80, 660, 330], "We're\nhiring!", { font_family: 'Montserrat', font_size: 130, font_weight: 900, color: '#1f3b5b', line_height: 1 }),
    text('role', [70, 430, 680, 40], 'Senior product designer · Remote (EU)', { font_size: 30, font_weight: 600, color: '#1f3b5b' }),
    button('cta', [70, 500, 300, 76], 'Apply today', '#1f3b5b', '#ffffff', 30),
  ]),
  template('announcement-grand-opening', 'Grand opening', 'announcement', 'instagram-post', ['opening', 'cafe', 'celebration'], linear(135, '#5f0f40', '#9a031e'), [
    shape('burst', [290, 100, 500, 500], 'burst', { fill: '#fb8b24' }),
    text('grand', [290, 225, 500, 140], 'Grand', { font_family: 'Bebas Neue', font_size: 130, color: '#5f0f40', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    text('opening', [290, 365, 500, 110], 'Opening', { font_family: 'Bebas Neue', font_size: 100, color: '#5f0f40', align: 'center', line_height: 1, text_transform: 'uppercase' }),
    text('what', [0, 680, 1080, 90], 'Fern Café opens its doors', { font_family: 'Playfair Display', font_size: 64, font_weight: 700, color: '#fdf0e8', align: 'center' }),
    text('when', [0, 790, 1080, 50], 'Saturday 10 May · free coffee all morning', { font_size: 36, font_weight: 600, color: '#fbc4a4', align: 'center' }),
    rect('logo-plate', [390, 890, 300, 110], { fill: '#fdf0e8', radius: 55 }),
    picture('logo', [410, 900, 260, 90], 'sample:logos/fern-cafe'),
  ]),
  template('announcement-new-feature', 'New feature', 'announcement', 'x-post', ['app', 'feature', 'update'], '#f5fbff', [
    ellipse('glow', [900, 60, 540, 540], { fill: '#bfd7ea' }, { opacity: 0.5 }),
    rect('phone', [980, 120, 380, 760], { fill: '#0b3954', radius: 48 }),
    rect('screen', [1000, 160, 340, 680], { fill: '#1c2a3a', radius: 28 }),
    rect('screen-card', [1030, 200, 280, 160], { fill: '#2f4b66', radius: 16 }),
    rect('screen-title', [1030, 390, 200, 24], { fill: '#e6eef5', radius: 12 }),
    rect('screen-line-1', [1030, 430, 260, 18], { fill: '#87a8c3', radius: 9 }),
    rect('screen-panel', [1030, 480, 280, 120], { fill: '#ff5a5f', radius: 16 }, { opacity: 0.9 }),
    rect('screen-line-2', [1030, 630, 280, 18], { fill: '#87a8c3', radius: 9 }),
    rect('screen-line-3', [1030, 670, 180, 18], { fill: '#87a8c3', radius: 9 }),
    button('tag', [160, 200, 140, 60], 'New', '#ff5a5f', '#ffffff', 30),
    text('headline', [160, 300, 780, 240], 'Dark mode is\nfinally here', { font_family: 'Montserrat', font_size: 96, font_weight: 800, color: '#0b3954', line_height: 1.1 }),
    text('body', [160, 580, 760, 110], 'Easier on the eyes, day and night.\nUpdate the app to try it.', { font_size: 38, color: '#4a6a85', line_height: 1.4 }),
  ]),
  template('announcement-holiday-hours', 'Holiday opening hours', 'announcement', 'instagram-portrait', ['hours', 'holiday', 'shop'], '#1f3d2b', [
    shape('star-1', [120, 90, 60, 60], 'star', { fill: '#f2e8cf' }),
    shape('star-2', [900, 140, 44, 44], 'star', { fill: '#f2e8cf' }),
    shape('star-3', [820, 420, 36, 36], 'star', { fill: '#b7d3a8' }),
    text('title', [0, 170, 1080, 260], 'Holiday\nopening hours', { font_family: 'Playfair Display', font_size: 100, font_weight: 700, color: '#f2e8cf', align: 'center', line_height: 1.1 }),
    rect('card', [120, 520, 840, 560], { fill: '#f2e8cf', radius: 32 }),
    hoursRow(0, '24 December', '9:00 – 14:00'),
    hoursRow(1, '25–26 December', 'Closed'),
    hoursRow(2, '31 December', '9:00 – 16:00'),
    hoursRow(3, '1 January', 'Closed'),
    text('footer', [0, 1160, 1080, 50], 'Happy holidays from all of us', { font_size: 40, font_weight: 600, color: '#b7d3a8', align: 'center' }),
  ]),
];
