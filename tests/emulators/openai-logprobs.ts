/**
 * Log probabilities as OpenAI sends them when a chat request has `logprobs: true` (and
 * `top_logprobs: N`): on the choice, `logprobs: {content: [...], refusal: null}`, one entry per
 * token `{token, logprob, bytes, top_logprobs: [{token, logprob, bytes}] × N}`. Streamed, each
 * content chunk carries the entries of its own tokens; blocking, the choice carries them all.
 * The emulator's tokens are its deltas (one word each); the figures are made up but fixed, so
 * tests can compare them.
 */

/** Null when the request did not ask for logprobs, else how many alternatives per token. */
export function logprobsAsked(body: { logprobs?: unknown; top_logprobs?: unknown }): number | null {
  if (body.logprobs !== true) return null;
  return typeof body.top_logprobs === 'number' ? body.top_logprobs : 0;
}

/** The fixed log probability of the token at `position` (0-based) of the reply. */
export function tokenLogprob(position: number): number {
  return -Number((0.01 * ((position % 9) + 1)).toFixed(2));
}

const bytes = (token: string) => [...Buffer.from(token, 'utf8')];

/** One token's entry: the most likely alternative is the token itself, the others less likely. */
export function logprobEntry(token: string, position: number, top: number) {
  const logprob = tokenLogprob(position);
  const alternatives = Array.from({ length: top }, (_unused, rank) => {
    const alternative = rank === 0 ? token : `${token}~${rank}`;
    return { token: alternative, logprob: Number((logprob - rank).toFixed(2)), bytes: bytes(alternative) };
  });
  return { token, logprob, bytes: bytes(token), top_logprobs: alternatives };
}

/** The choice's `logprobs` for these tokens, the first at `firstPosition`. */
export function choiceLogprobs(tokens: string[], firstPosition: number, top: number) {
  return { content: tokens.map((token, offset) => logprobEntry(token, firstPosition + offset, top)), refusal: null };
}
