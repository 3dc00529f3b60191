/** An admin's price: cache prices left out (null) fall back to the shipped ones. */
export interface PriceOverride {
  inputPerMtok: number;
  outputPerMtok: number;
  cacheReadPerMtok: number | null;
  cacheWritePerMtok: number | null;
  currency: string;
}
