/**
 * mock/echo's log probabilities (`logprobs: true`, `top_logprobs: N`), in the shape OpenAI
 * sends and the router passes through for it (`ChatResult.logprobs`, a delta's `logprobs`):
 * one entry per word piece the mock streams, `{token, logprob: 0, bytes, top_logprobs}` —
 * logprob 0 (probability 1) because echo is certain of its answer. `top_logprobs` holds N
 * entries: the token itself at 0, then alternative k (1 ≤ k < N) — the token with `~k`
 * appended (`"big "` → `"big ~1"`, as the test emulator's alternatives are) — at logprob
 * -10·k, so each is less likely than the one before and all of them near impossible.
 * Without `top_logprobs` the list is empty, as OpenAI sends it.
 */

/** How much less likely (in natural-log units) each further alternative is. */
export const MOCK_ALTERNATIVE_STEP = 10;

/** One token with its log probability and UTF-8 bytes (an entry of `top_logprobs`). */
export interface MockTopLogprob {
  token: string;
  logprob: number;
  bytes: number[];
}

/** One entry of `logprobs.content`: the token, its alternatives first-to-last by likelihood. */
export interface MockTokenLogprob extends MockTopLogprob {
  top_logprobs: MockTopLogprob[];
}

function bytesOf(token: string): number[] {
  return [...Buffer.from(token, 'utf8')];
}

/** The `logprobs.content` entry of one streamed piece, with `top` entries in `top_logprobs`. */
export function tokenLogprob(piece: string, top: number): MockTokenLogprob {
  const alternatives = Array.from({ length: top }, (_unused, rank) => {
    const token = rank === 0 ? piece : `${piece}~${rank}`;
    return { token, logprob: rank === 0 ? 0 : -MOCK_ALTERNATIVE_STEP * rank, bytes: bytesOf(token) };
  });
  return { token: piece, logprob: 0, bytes: bytesOf(piece), top_logprobs: alternatives };
}

/** How many `top_logprobs` a request asked for, or null when it did not ask for logprobs. */
export function logprobsAsked(request: { logprobs?: boolean; topLogprobs?: number }): number | null {
  return request.logprobs === true ? (request.topLogprobs ?? 0) : null;
}
