import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A file of a test zip; `declaredSize` lies about its unpacked size (zip-bomb tests). */
export interface ZipFile {
  name: string;
  content: string | Buffer;
  declaredSize?: number;
}

/** A real zip (deflate, CRC-32) built in memory, as WordPress's unzip_file() reads it: release tests' plugins. */
export function buildZip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const bytes = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content);
    const packed = deflateRawSync(bytes);
    const name = Buffer.from(file.name);
    const size = file.declaredSize ?? bytes.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(bytes), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(bytes), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A small plugin's zip: `{slug}/{slug}.php` with its header (Update URI on `hubUrl`). */
export function pluginZip(slug: string, version: string, hubUrl: string, extra: ZipFile[] = []): Buffer {
  const main = `<?php\n/**\n * Plugin Name: ${slug} test plugin\n * Version: ${version}\n * Update URI: ${hubUrl}\n */\n\ndefine( '${slug.toUpperCase().replace(/-/g, '_')}_VERSION', '${version}' );\n`;
  return buildZip([{ name: `${slug}/`, content: '' }, { name: `${slug}/${slug}.php`, content: main }, ...extra]);
}

/** The style.css of a small theme: its header (Update URI on `hubUrl`), as WordPress's WP_Theme reads it. */
export function themeStyle(slug: string, version: string, hubUrl: string): string {
  return `/*\nTheme Name: ${slug} test theme\nVersion: ${version}\nUpdate URI: ${hubUrl}\n*/\n\nbody { color: #222; }\n`;
}

/** A small classic theme's zip: `{slug}/style.css` with its header and `{slug}/index.php`. */
export function themeZip(slug: string, version: string, hubUrl: string, extra: ZipFile[] = []): Buffer {
  return buildZip([
    { name: `${slug}/`, content: '' },
    { name: `${slug}/style.css`, content: themeStyle(slug, version, hubUrl) },
    { name: `${slug}/index.php`, content: '<?php\n// Silence is golden.\n' },
    ...extra,
  ]);
}
