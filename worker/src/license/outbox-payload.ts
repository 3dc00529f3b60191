/**
 * The body of an outbox message: the Standard Webhooks envelope `{ type, timestamp, sequence,
 * data }`. `sequence` is the message's place in the outbox (its AUTO_INCREMENT column), inside
 * the body so the signature covers it: a receiver orders states by it, and a value outside the
 * signature could be forged on a captured delivery (docs/propagation.md, "What a client site
 * must do").
 */
export function messageBody(type: string, sequence: string, data: Record<string, unknown>, now: Date = new Date()): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), sequence: sequenceNumber(sequence), data });
}

/**
 * What is sent for a stored payload: the payload as stored, byte for byte, when it carries its
 * sequence; a payload queued before the sequence was part of the body (pending across an
 * upgrade) gets it added, so a receiver that reads only the body still orders it.
 */
export function bodyWithSequence(payload: string, sequence: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || 'sequence' in parsed) return payload;
  const { type, timestamp, data, ...rest } = parsed as Record<string, unknown>;
  return JSON.stringify({ type, timestamp, sequence: sequenceNumber(sequence), data, ...rest });
}

/** The sequence as a JSON number; the column is a BIGINT the outbox never takes past 2^53. */
function sequenceNumber(sequence: string): number {
  const value = Number(sequence);
  if (!/^[1-9][0-9]*$/.test(sequence) || !Number.isSafeInteger(value))
    throw new Error(`outbox sequence ${sequence} is not a whole number JSON carries exactly`);
  return value;
}
