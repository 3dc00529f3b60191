import type { ServerResponse } from 'node:http';

const STAGED = Symbol('svc-hub.staged-headers');

type Staging = ServerResponse & { [STAGED]?: string[] };

/**
 * Headers staged for an answer's head instead of set one by one: the lean dispatch stages
 * what every answer carries (X-Request-Id, the browser headers), and the answer writers
 * (sendJson, SseWriter) write them with their own in one `writeHead`. Node's setHeader checks,
 * lower-cases and stores each header, and the head is then built from that store: for these
 * headers a measurable part of every call at concurrency 1 (docs/benchmarks.md, "Costs the
 * code's comments used to carry", has the figure). A header set with setHeader meanwhile is still merged by Node.
 * Staged headers are invisible to getHeader(): only answer writers read them.
 */
export function stageHeaders(response: ServerResponse, headers: string[]): void {
  (response as Staging)[STAGED] = headers;
}

/** One more header for the answer — replacing one of that name, as setHeader does: staged when the response stages, else set at once. */
export function stageHeader(response: ServerResponse, name: string, value: string): void {
  const staged = (response as Staging)[STAGED];
  if (!staged) return void response.setHeader(name, value);
  const lower = name.toLowerCase();
  for (let index = 0; index < staged.length; index += 2) {
    if (staged[index]!.toLowerCase() === lower) {
      staged[index + 1] = value;
      return;
    }
  }
  staged.push(name, value);
}

/** The staged headers, then `own`: a flat name/value list for writeHead. */
export function headWith(response: ServerResponse, own: string[]): string[] {
  const staged = (response as Staging)[STAGED];
  return staged ? staged.concat(own) : own;
}
