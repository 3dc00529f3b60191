import { inflateRawSync } from 'node:zlib';

/** One file's entry in a zip's central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Why a zip is refused: the message names what is wrong (docs/commerce.md "Releases and updates"). */
export class ZipProblem extends Error {}

export const MAX_ZIP_ENTRIES = 5000;
/** What all entries may hold together once unpacked, and the most one may unpack per packed byte (zip bombs). */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
export const MAX_RATIO = 200;

/** A name WordPress's unzip_file() would write inside the plugin's folder: relative, no `..`, no backslash or drive. */
export function safeEntryName(name: string): boolean {
  if (name === '' || name.length > 512 || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return false;
  return name
    .split('/')
    .every((segment, index, all) => segment !== '..' && segment !== '.' && (segment !== '' || index === all.length - 1));
}

/** The central directory of a zip held in memory, every entry's name and sizes checked; throws ZipProblem. */
export function readZipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new ZipProblem('is not a zip file');
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0) throw new ZipProblem('is an empty zip');
  if (count > MAX_ZIP_ENTRIES) throw new ZipProblem(`holds more than ${MAX_ZIP_ENTRIES} files`);
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  let unpacked = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw new ZipProblem('has a damaged central directory');
    const nameLength = zip.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
    };
    if (!safeEntryName(entry.name))
      throw new ZipProblem(`holds a file name that escapes its folder: ${JSON.stringify(entry.name.slice(0, 80))}`);
    if (entry.method !== 0 && entry.method !== 8) throw new ZipProblem('uses a compression other than stored or deflate');
    if (entry.size > Math.max(entry.compressedSize, 1) * MAX_RATIO) throw new ZipProblem('unpacks far larger than it is (a zip bomb?)');
    unpacked += entry.size;
    if (unpacked > MAX_UNPACKED_BYTES) throw new ZipProblem(`unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
    entries.push(entry);
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** One entry's bytes, never more than it declared (a lying size is refused, not followed). */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw new ZipProblem('has a damaged file entry');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const packed = zip.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw new ZipProblem('has a truncated file entry');
  let bytes: Buffer;
  try {
    bytes = entry.method === 0 ? packed : inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
  } catch {
    throw new ZipProblem(`has a file that does not unpack: ${entry.name}`);
  }
  if (bytes.length !== entry.size) throw new ZipProblem(`has a file whose size is not the one declared: ${entry.name}`);
  return bytes;
}
