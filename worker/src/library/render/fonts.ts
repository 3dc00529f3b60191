import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts a render may use (docs/library.md "Rendering"): the starter library's families and
 * Noto Sans Arabic, Hebrew and JP as TTFs from @expo-google-fonts (OFL), then Debian's DejaVu
 * Sans for anything else. Nothing is read from the machine's font configuration, so a render
 * is the same everywhere. Each file is read and parsed once per process, when first needed.
 */

export interface FaceRequest {
  family: string;
  weight: number;
  italic: boolean;
}

export interface Face {
  font: fontkit.Font;
  /** True when the italic was asked for and this file has none (the renderer slants it). */
  slant: boolean;
}

const PACKAGES: Record<string, string> = {
  inter: 'inter',
  montserrat: 'montserrat',
  'playfair display': 'playfair-display',
  'bebas neue': 'bebas-neue',
  pacifico: 'pacifico',
  lora: 'lora',
  poppins: 'poppins',
  'dm mono': 'dm-mono',
  'noto sans arabic': 'noto-sans-arabic',
  'noto sans hebrew': 'noto-sans-hebrew',
  'noto sans jp': 'noto-sans-jp',
};
export const FALLBACK_FAMILY = 'Inter';
/** Tried in order for a character the layer's own font lacks. */
const FALLBACK_CHAIN = ['inter', 'noto sans arabic', 'noto sans hebrew', 'noto sans jp'];
const LAST_RESORT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'];

interface FaceFile {
  weight: number;
  italic: boolean;
  file: string;
}

const faceFiles = new Map<string, FaceFile[]>();
const parsed = new Map<string, fontkit.Font | null>();

function packageFolder(slug: string): string {
  return path.dirname(require.resolve(`@expo-google-fonts/${slug}/package.json`));
}

/** The TTFs of one family: folders such as `700Bold` and `700Bold_Italic`. */
function filesOf(family: string): FaceFile[] {
  const known = faceFiles.get(family);
  if (known) return known;
  const folder = packageFolder(PACKAGES[family] ?? 'inter');
  const files = readdirSync(folder)
    .filter((name) => /^\d{3}[A-Za-z]+(?:_Italic)?$/.test(name))
    .sort()
    .map((name) => {
      const ttf = readdirSync(path.join(folder, name)).find((file) => file.endsWith('.ttf'));
      return { weight: Number(name.slice(0, 3)), italic: name.endsWith('_Italic'), file: path.join(folder, name, ttf ?? '') };
    });
  faceFiles.set(family, files);
  return files;
}

export function loadFont(file: string): fontkit.Font | null {
  if (!parsed.has(file)) {
    let font: fontkit.Font | null = null;
    try {
      font = fontkit.create(readFileSync(file));
    } catch {
      font = null; // a Debian font that is not installed: that fallback is skipped
    }
    parsed.set(file, font);
  }
  return parsed.get(file) ?? null;
}

/** The nearest weight (ties go heavier), italic when there is one. */
function pick(family: string, weight: number, italic: boolean): Face {
  const files = filesOf(family);
  const styled = files.filter((face) => face.italic === italic);
  const pool = styled.length > 0 ? styled : files;
  const best = [...pool].sort((a, b) => Math.abs(a.weight - weight) - Math.abs(b.weight - weight) || b.weight - a.weight)[0];
  if (!best) throw new Error(`no font files for ${family}`);
  const font = loadFont(best.file);
  if (!font) throw new Error(`font file ${best.file} could not be read`);
  return { font, slant: italic && !best.italic };
}

export function isShippedFamily(family: string): boolean {
  return family.toLowerCase() in PACKAGES;
}

/**
 * The faces for one text style: the family (or Inter when the library ships no such family),
 * then the fallbacks, then Debian's. A face is loaded only when an earlier one lacks a character.
 */
export class FaceChain {
  private readonly families: string[];
  private readonly loaded: Face[] = [];
  private readonly byCodePoint = new Map<number, Face>();

  constructor(
    private readonly request: FaceRequest,
    readonly key: string,
  ) {
    const own = request.family.toLowerCase();
    this.families = [isShippedFamily(own) ? own : FALLBACK_FAMILY.toLowerCase(), ...FALLBACK_CHAIN.filter((family) => family !== own)];
  }

  /** The layer's own face: its metrics place the baselines. */
  get primary(): Face {
    return this.face(0) as Face;
  }

  /** The first face that has a glyph for the character (the primary one when none has). */
  faceFor(codePoint: number): Face {
    const known = this.byCodePoint.get(codePoint);
    if (known) return known;
    let found = this.primary;
    for (let index = 0; ; index += 1) {
      const face = this.face(index);
      if (!face) break;
      if (face.font.hasGlyphForCodePoint(codePoint)) {
        found = face;
        break;
      }
    }
    this.byCodePoint.set(codePoint, found);
    return found;
  }

  private face(index: number): Face | undefined {
    while (this.loaded.length <= index) {
      const next = this.loaded.length;
      if (next < this.families.length) {
        this.loaded.push(pick(this.families[next] ?? 'inter', this.request.weight, this.request.italic));
        continue;
      }
      const file = LAST_RESORT[next - this.families.length];
      if (file === undefined) return undefined;
      const font = loadFont(file);
      this.loaded.push(font ? { font, slant: this.request.italic } : this.primary);
    }
    return this.loaded[index];
  }
}

const chains = new Map<string, FaceChain>();

/** One chain per style per process, so glyph choices and parsed fonts are shared by renders. */
export function faceChain(request: FaceRequest): FaceChain {
  const family = isShippedFamily(request.family) ? request.family.toLowerCase() : FALLBACK_FAMILY.toLowerCase();
  const key = `${family}|${request.weight}|${request.italic}`;
  let chain = chains.get(key);
  if (!chain) {
    chain = new FaceChain({ ...request, family }, key);
    chains.set(key, chain);
  }
  return chain;
}

/** A family's font files, for resvg (empty when the library does not ship the family). */
export function familyFiles(family: string): string[] {
  const key = family
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();
  return isShippedFamily(key) && !key.startsWith('noto') ? filesOf(key).map((face) => face.file) : [];
}

/** Inter's regular and bold: resvg's default family. */
export function defaultFamilyFiles(): string[] {
  return filesOf('inter')
    .filter((face) => !face.italic && (face.weight === 400 || face.weight === 700))
    .map((face) => face.file);
}
