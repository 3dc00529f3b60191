import sharp from 'sharp';
import type { FilledTemplate, RenderOutput } from './index';
import { starterFilled } from './reference-images';

/**
 * The reference renders (tests/fixtures/renders/<name>.png): a handful of starter templates
 * and purpose-built definitions for what the starters do not show (fitting, right-to-left and
 * Japanese text, every shape, a circle-masked photo with a border).
 */

export interface ReferenceCase {
  name: string;
  filled: () => Promise<FilledTemplate>;
  output: RenderOutput;
}

const text = (id: string, value: string, box: number[], style: Record<string, unknown>) => {
  const [x = 0, y = 0, width = 0, height = 0] = box;
  return { id, type: 'text', x, y, width, height, text: value, style: { font_family: 'Inter', font_size: 40, color: '#1d2433', ...style } };
};
const frame = (id: string, box: number[]) => {
  const [x = 0, y = 0, width = 0, height = 0] = box;
  return { id, type: 'shape', shape: 'rect', x, y, width, height, style: { fill: null, stroke: '#c5cad3', stroke_width: 2 } };
};
const plain =
  (layers: unknown[], background: unknown = '#ffffff') =>
  async (): Promise<FilledTemplate> => ({
    width: 800,
    height: 500,
    definition: { schema: 1, background, layers },
    images: new Map(),
  });

/** A photo-like raster made here (a gradient with a disc), so the case needs no binary input. */
async function photo(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#2a9d8f"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>' +
    '<rect width="300" height="200" fill="url(#g)"/><circle cx="150" cy="100" r="60" fill="#e76f51"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const starter = (slug: string, width: number, height: number): ReferenceCase => ({
  name: `starter-${slug}`,
  filled: async () => starterFilled(slug),
  output: { width, height, format: 'png' },
});

export const REFERENCE_CASES: ReferenceCase[] = [
  starter('spring-sale-square', 540, 540),
  starter('announcement-grand-opening', 540, 540),
  starter('product-card-headphones', 540, 540),
  starter('quote-story-handwritten', 360, 640),
  starter('event-webinar', 600, 315),
  {
    name: 'text-fitting',
    filled: plain([
      frame('frame-wrap', [40, 40, 340, 200]),
      text('wrap', 'A long headline that wraps and then shrinks until it fits its box', [40, 40, 340, 200], {
        font_size: 64,
        font_weight: 800,
      }),
      frame('frame-lines', [420, 40, 340, 120]),
      text('lines', 'Two lines at most: everything after the second line is cut with an ellipsis', [420, 40, 340, 120], {
        font_size: 30,
        max_lines: 2,
        shrink: false,
      }),
      frame('frame-bottom', [40, 280, 340, 180]),
      text('bottom', 'Bottom right, spaced', [40, 280, 340, 180], { align: 'right', vertical_align: 'bottom', letter_spacing: 4 }),
      frame('frame-middle', [420, 280, 340, 180]),
      text('middle', 'MIDDLE', [420, 280, 340, 180], {
        align: 'center',
        vertical_align: 'middle',
        font_family: 'Playfair Display',
        font_style: 'italic',
      }),
    ]),
    output: { width: 800, height: 500, format: 'png' },
  },
  {
    name: 'text-scripts',
    filled: plain([
      frame('frame-arabic', [40, 30, 720, 120]),
      text('arabic', 'مرحبا بالعالم، تخفيضات 40% اليوم', [40, 30, 720, 120], { font_size: 44 }),
      frame('frame-hebrew', [40, 180, 720, 120]),
      text('hebrew', 'שלום עולם — מבצע 2026', [40, 180, 720, 120], { font_size: 44, align: 'center' }),
      frame('frame-japanese', [40, 330, 340, 140]),
      text('japanese', '春のセールは今週末まで、すべての商品が四割引です。', [40, 330, 340, 140], { font_size: 36, font_weight: 700 }),
      frame('frame-mixed', [420, 330, 340, 140]),
      text('mixed', 'Ünïcödé café — Ελληνικά, Кириллица', [420, 330, 340, 140], { font_size: 30, font_family: 'Unknown Family' }),
    ]),
    output: { width: 800, height: 500, format: 'png' },
  },
  {
    name: 'shapes-and-images',
    filled: async () => ({
      width: 800,
      height: 500,
      definition: {
        schema: 1,
        background: {
          gradient: {
            angle: 135,
            stops: [
              { offset: 0, color: '#264653' },
              { offset: 1, color: '#f4a261' },
            ],
          },
        },
        layers: [
          {
            id: 'rect',
            type: 'shape',
            shape: 'rect',
            x: 40,
            y: 40,
            width: 160,
            height: 100,
            rotation: 15,
            style: { fill: '#e9c46a', radius: 16 },
          },
          {
            id: 'ellipse',
            type: 'shape',
            shape: 'ellipse',
            x: 240,
            y: 40,
            width: 160,
            height: 100,
            opacity: 0.6,
            style: { fill: '#ffffff' },
          },
          {
            id: 'line',
            type: 'shape',
            shape: 'line',
            x: 440,
            y: 40,
            width: 160,
            height: 100,
            style: { stroke: '#ffffff', stroke_width: 8 },
          },
          {
            id: 'polygon',
            type: 'shape',
            shape: 'polygon',
            x: 620,
            y: 40,
            width: 140,
            height: 120,
            rotation: -30,
            points: [
              [0.5, 0],
              [1, 1],
              [0, 1],
            ],
            style: {
              fill: {
                gradient: {
                  angle: 90,
                  stops: [
                    { offset: 0, color: '#e76f51' },
                    { offset: 1, color: '#2a9d8f' },
                  ],
                },
              },
              stroke: '#1d2433',
              stroke_width: 3,
            },
          },
          {
            id: 'path',
            type: 'shape',
            shape: 'path',
            x: 40,
            y: 200,
            width: 200,
            height: 100,
            path: { d: 'M0 50 Q25 0 50 50 T100 50 L100 100 L0 100 Z', view_box: '0 0 100 100' },
            style: { fill: '#8ab17d' },
          },
          {
            id: 'circle-photo',
            type: 'image',
            src: null,
            x: 300,
            y: 190,
            width: 220,
            height: 220,
            fit: 'cover',
            style: { mask: 'circle', border_color: '#ffffff', border_width: 8 },
          },
          { id: 'contained', type: 'image', src: null, x: 560, y: 200, width: 200, height: 260, fit: 'contain', style: { radius: 24 } },
          { id: 'empty', type: 'image', src: null, x: 40, y: 340, width: 200, height: 130, style: { radius: 12 } },
        ],
      },
      images: new Map([
        ['circle-photo', { bytes: await photo(), mediaType: 'image/png' }],
        ['contained', { bytes: await photo(), mediaType: 'image/png' }],
      ]),
    }),
    output: { width: 800, height: 500, format: 'png' },
  },
];
