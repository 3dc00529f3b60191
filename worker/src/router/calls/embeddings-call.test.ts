import { UpstreamError } from '../../providers/errors';
import { findModel } from '../catalog/models';
import { checkedLength, toBase64 } from './embeddings-call';

const ollama = findModel('ollama/nomic-embed-text')!;
const vectors = (length: number) => ({ vectors: [Array.from({ length }, () => 0.5)], usage: null });

describe('the embeddings call', () => {
  it('passes vectors of the asked length, and any length when none was asked', () => {
    expect(checkedLength(vectors(64), 64, ollama)).toEqual(vectors(64));
    expect(checkedLength(vectors(768), null, ollama)).toEqual(vectors(768));
  });

  it('fails a provider that ignored dimensions (an older Ollama) instead of handing its longer vectors on', () => {
    expect(() => checkedLength(vectors(768), 64, ollama)).toThrow(UpstreamError);
    expect(() => checkedLength(vectors(768), 64, ollama)).toThrow(/ollama answered vectors of another length than dimensions=64/);
  });

  it('encodes base64 as little-endian float32', () => {
    expect(Buffer.from(toBase64([1, -2]), 'base64')).toEqual(Buffer.from([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]));
  });
});
