import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderTemplate } from './index';
import { REFERENCE_CASES } from './reference-cases';
import { compareImages, REFERENCE_FOLDER } from './reference-images';

/**
 * Fresh renders against the committed references (tests/README.md "Reference renders"):
 * a channel may differ by 2 on at most 0.1 % of the pixels. UPDATE_RENDER_REFERENCES=1
 * (scripts/update-render-references.sh) writes them anew instead.
 */

const UPDATE = process.env.UPDATE_RENDER_REFERENCES === '1';
const TOLERATED = 0.001;

describe('reference renders', () => {
  test.each(REFERENCE_CASES.map((entry) => [entry.name, entry] as const))('%s matches its reference', async (name, entry) => {
    const file = path.join(REFERENCE_FOLDER, `${name}.png`);
    const rendered = await renderTemplate(await entry.filled(), entry.output);
    if (UPDATE || !existsSync(file)) {
      if (!UPDATE) throw new Error(`no reference ${file}: run scripts/update-render-references.sh`);
      mkdirSync(REFERENCE_FOLDER, { recursive: true });
      writeFileSync(file, rendered.bytes);
      return;
    }
    const difference = await compareImages(rendered.bytes, readFileSync(file));
    expect(difference.sameSize).toBe(true);
    expect(difference.differing).toBeLessThanOrEqual(TOLERATED);
  });
});
