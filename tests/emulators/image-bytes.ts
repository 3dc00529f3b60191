import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * What every emulated image model draws: one flat colour from the SHA-256 of the prompt and the
 * image's index, at the asked size, in the asked format — real image bytes (synthetic, not a
 * recorded answer), so tests can decode them and compare.
 */
export async function emulatedImage(prompt: string, index: number, size: string, format = 'png'): Promise<string> {
  const [width, height] = size.split('x').map(Number) as [number, number];
  const seed = createHash('sha256').update(`${prompt}\n${index}`).digest();
  const drawn = sharp({ create: { width, height, channels: 3, background: { r: seed[0]!, g: seed[1]!, b: seed[2]! } } });
  const encoded = format === 'jpeg' ? drawn.jpeg() : format === 'webp' ? drawn.webp() : drawn.png();
  return (await encoded.toBuffer()).toString('base64');
}
