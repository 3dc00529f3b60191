import type { Database } from '../../db/connections';
import { PriceBook } from './prices';

/** A price book over fixed svc_model_prices and svc_provider_prices rows (DECIMAL columns arrive as strings, NULL as null). */
function bookWith(rows: Array<Record<string, unknown>>, defaults: Array<Record<string, unknown>> = []): PriceBook {
  const query = async (sql: string) => [sql.includes('provider_prices') ? defaults : rows];
  const database = { table: (name: string) => `wp_svc_${name}`, pool: { query } } as unknown as Database;
  return new PriceBook(database);
}

const providerRow = (
  provider: string,
  input: string,
  output: string,
  cacheRead: string | null = null,
  cacheWrite: string | null = null,
) => ({
  provider,
  input_per_mtok: input,
  output_per_mtok: output,
  cache_read_per_mtok: cacheRead,
  cache_write_per_mtok: cacheWrite,
  currency: 'USD',
});

const row = (model: string, input: string, output: string, cacheRead: string | null, cacheWrite: string | null) => ({
  model,
  input_per_mtok: input,
  output_per_mtok: output,
  cache_read_per_mtok: cacheRead,
  cache_write_per_mtok: cacheWrite,
  currency: 'USD',
});

describe('PriceBook', () => {
  it('gives the shipped list price, cache prices included, when the admin set none', async () => {
    const book = bookWith([]);
    expect(await book.priceFor('anthropic/claude-sonnet-4-5')).toEqual({
      inputPerMtok: 3,
      outputPerMtok: 15,
      cacheReadPerMtok: 0.3,
      cacheWritePerMtok: 3.75,
      currency: 'USD',
    });
    expect(await book.priceFor('openai/gpt-4o-mini')).toEqual({
      inputPerMtok: 0.15,
      outputPerMtok: 0.6,
      cacheReadPerMtok: 0.075,
      cacheWritePerMtok: 0,
      currency: 'USD',
    });
    expect(await book.priceFor('mock/echo')).toEqual({
      inputPerMtok: 0,
      outputPerMtok: 0,
      cacheReadPerMtok: 0,
      cacheWritePerMtok: 0,
      currency: 'USD',
    }); // a catalog price of 0 is a price
  });

  it("leaves a model no one priced unpriced (null), except where the provider runs on the admin's machine (Ollama: free)", async () => {
    const book = bookWith([]);
    expect(await book.priceFor('openrouter/meta/llama-4')).toBeNull();
    expect(await book.priceFor('compat/qwen2.5-72b')).toBeNull();
    expect(await book.priceFor('nobody/model')).toBeNull();
    expect(await book.priceFor('ollama/qwen3')).toEqual({
      inputPerMtok: 0,
      outputPerMtok: 0,
      cacheReadPerMtok: 0,
      cacheWritePerMtok: 0,
      currency: 'USD',
    });
  });

  it("prices an unlisted model at its provider's default price; the model's own price and the catalog's come first", async () => {
    const book = bookWith(
      [row('openrouter/meta/llama-4', '0.200000', '0.800000', null, null)],
      [providerRow('openrouter', '5.000000', '15.000000', '2.500000'), providerRow('ollama', '0.010000', '0.020000')],
    );
    expect(await book.priceFor('openrouter/qwen/qwen3-coder')).toEqual({
      inputPerMtok: 5,
      outputPerMtok: 15,
      cacheReadPerMtok: 2.5,
      cacheWritePerMtok: 5, // left out: the input price, never free
      currency: 'USD',
    });
    expect((await book.priceFor('openrouter/meta/llama-4'))!.inputPerMtok).toBe(0.2); // the admin's price for the model
    expect((await book.priceFor('openrouter/openai/gpt-4o-mini'))!.inputPerMtok).toBe(0.15); // the catalog's
    expect((await book.priceFor('ollama/qwen3'))!.outputPerMtok).toBe(0.02); // the admin's default beats the shipped free
    expect(await book.priceFor('compat/qwen2.5-72b')).toBeNull();
    expect(await book.defaultPriceFor('compat')).toBeNull();
  });

  it("takes the admin's cache prices, and the shipped ones where the admin left them out", async () => {
    const book = bookWith([
      row('openai/gpt-4o', '3.000000', '11.000000', '0.900000', null),
      row('anthropic/claude-sonnet-4-5', '2.000000', '10.000000', null, null),
    ]);
    expect(await book.priceFor('openai/gpt-4o')).toEqual({
      inputPerMtok: 3,
      outputPerMtok: 11,
      cacheReadPerMtok: 0.9,
      cacheWritePerMtok: 0,
      currency: 'USD',
    });
    expect(await book.priceFor('anthropic/claude-sonnet-4-5')).toEqual({
      inputPerMtok: 2,
      outputPerMtok: 10,
      cacheReadPerMtok: 0.3,
      cacheWritePerMtok: 3.75,
      currency: 'USD',
    });
  });

  it("prices cached tokens of a model the catalog does not list at the admin's input price unless told otherwise", async () => {
    const book = bookWith([
      row('openrouter/meta/llama-4', '0.200000', '0.800000', null, null),
      row('ollama/qwen3', '0.100000', '0.100000', '0.010000', '0.000000'),
    ]);
    expect(await book.priceFor('openrouter/meta/llama-4')).toEqual({
      inputPerMtok: 0.2,
      outputPerMtok: 0.8,
      cacheReadPerMtok: 0.2,
      cacheWritePerMtok: 0.2,
      currency: 'USD',
    });
    expect(await book.priceFor('ollama/qwen3')).toEqual({
      inputPerMtok: 0.1,
      outputPerMtok: 0.1,
      cacheReadPerMtok: 0.01,
      cacheWritePerMtok: 0,
      currency: 'USD',
    });
  });
});
