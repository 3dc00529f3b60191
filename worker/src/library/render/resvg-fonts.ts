import { defaultFamilyFiles, familyFiles } from './fonts';

/**
 * resvg's font options for an SVG image with text (a logo): only shipped files, never the
 * machine's (docs/library.md "Rendering"). resvg reads the files it is given on every render
 * and paths are much cheaper than buffers (docs/benchmarks.md), so only the families the SVG
 * names are passed, with Inter (regular, bold) as the default family.
 */
export function resvgFontOptions(svg: string) {
  const named = [...svg.matchAll(/font-family\s*[=:]\s*["']?([^"';>]+)/g)].flatMap((match) => (match[1] ?? '').split(','));
  const files = [...new Set([...named.flatMap(familyFiles), ...defaultFamilyFiles()])].sort();
  return { font: { loadSystemFonts: false, fontFiles: files, defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' } };
}
