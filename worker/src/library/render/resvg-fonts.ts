import { latinFontFiles } from './fonts';

/**
 * resvg's font options: only the shipped files, never the machine's (docs/library.md
 * "Rendering"). Used for SVG images with text (logos); the template's own text is outlines.
 */
export function resvgFontOptions() {
  return { font: { loadSystemFonts: false, fontFiles: latinFontFiles(), defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' } };
}
