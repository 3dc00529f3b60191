/**
 * An image's width and height read from its file header (PNG, JPEG, GIF, WebP), never by
 * decoding its pixels: what mock/echo needs to bill an inline image by OpenAI's tile rule
 * (billing.ts). Anything else — another format, a truncated or malformed header — is null
 * (the size is unknown).
 */

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gif(bytes: Buffer): ImageSize | null {
  const magic = bytes.toString('latin1', 0, 6);
  if (bytes.length < 10 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** WebP's three bitstreams: lossy (`VP8 `), lossless (`VP8L`) and extended (`VP8X`, the canvas size). */
function webp(bytes: Buffer): ImageSize | null {
  if (bytes.length < 25 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (bytes.length < 30) return null;
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

/** A start-of-frame marker (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** JPEG: walks the marker segments to the first start-of-frame, which holds the size. */
function jpeg(bytes: Buffer): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    if (isStartOfFrame(marker))
      return offset + 9 <= bytes.length ? { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) } : null;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

/** The size an image's header states, or null when it is not a readable PNG, JPEG, GIF or WebP (or states a zero side). */
export function imageSize(bytes: Buffer): ImageSize | null {
  const size = png(bytes) ?? gif(bytes) ?? webp(bytes) ?? jpeg(bytes);
  return size !== null && size.width > 0 && size.height > 0 ? size : null;
}
