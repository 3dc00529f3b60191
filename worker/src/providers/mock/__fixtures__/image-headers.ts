/**
 * Image file headers of a given size, for the mock's tests (image-size.test.ts,
 * billing.test.ts): each holds what its format's file starts with — signature, the chunk or
 * segment that states the size, and before it the segments a camera or editor writes — and no
 * pixels, which the mock never reads. `file(1)` names each with its size.
 */

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]); // CRC left 0: never checked
}

export function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0]); // 8-bit RGB, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header)]);
}

export function gifHeader(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen]);
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** JFIF APP0, an Exif APP1 and a quantisation table before the frame (progressive, SOF2): the walk must skip them. */
export function jpegHeader(width: number, height: number): Buffer {
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(600)])),
    segment(0xdb, Buffer.alloc(65)),
    segment(0xc2, frame),
  ]);
}

function riff(chunkType: string, body: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 12, 4);
  head.write('WEBP', 8, 'latin1');
  head.write(chunkType, 12, 'latin1');
  head.writeUInt32LE(body.length, 16);
  return Buffer.concat([head, body]);
}

export function webpHeader(kind: 'lossy' | 'lossless' | 'extended', width: number, height: number): Buffer {
  if (kind === 'lossy') {
    const frame = Buffer.from([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0]); // key frame tag, start code, sizes
    frame.writeUInt16LE(width, 6);
    frame.writeUInt16LE(height, 8);
    return riff('VP8 ', frame);
  }
  if (kind === 'lossless') {
    const frame = Buffer.alloc(5);
    frame[0] = 0x2f;
    frame.writeUInt32LE((width - 1) | ((height - 1) << 14), 1);
    return riff('VP8L', frame);
  }
  const canvas = Buffer.alloc(10);
  canvas.writeUIntLE(width - 1, 4, 3);
  canvas.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', canvas);
}
