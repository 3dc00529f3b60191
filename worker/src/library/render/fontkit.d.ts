/** The part of fontkit 2 the renderer uses (the package ships no types). */
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    codePoints: number[];
    path: { commands: PathCommand[] };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[], script?: string, language?: string, direction?: 'ltr' | 'rtl'): GlyphRun;
  }
  export function create(buffer: Buffer): Font;
}
