// Cost of verifying a WooCommerce webhook delivery before its per-address failure limit
// (docs/woocommerce-webhook.md, "Failure limit"), in-process: the HMAC check that an address
// over the limit now gets for each attempt, over bodies of 3 KiB (an order), 64 KiB and 1 MiB
// (the body limit), with a plain secret (one signing key) and one whose forms give the most
// keys (six). Not a test: prints µs. Usage: npm run build && node bench/webhook-verify-micro.mjs
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { signingKeys, verifyWooSignature } = require('../worker/dist/commerce/webhook/woo-signature.js');

const SECRETS = { plain: 'plainsecret0123456789abcdefghijklmnopqrstuvwxyzABCD', 'six forms': '&eacute;&amp;lt;x%41 ' };
const WRONG = Buffer.alloc(32, 7).toString('base64');

function medianMicroseconds(run, rounds) {
  for (let index = 0; index < rounds / 10; index += 1) run();
  const samples = [];
  for (let sample = 0; sample < 5; sample += 1) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < rounds; index += 1) run();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / rounds);
  }
  return samples.sort((a, b) => a - b)[2];
}

for (const [name, secret] of Object.entries(SECRETS)) {
  const keys = signingKeys(secret);
  for (const size of [3 * 1024, 64 * 1024, 1024 * 1024]) {
    const body = Buffer.alloc(size, 'x');
    const microseconds = medianMicroseconds(() => verifyWooSignature(body, WRONG, keys), size > 100_000 ? 200 : 10_000);
    console.log(`${name} secret (${keys.length} key${keys.length > 1 ? 's' : ''}), ${size} B body: ${microseconds.toFixed(1)} µs`);
  }
}
