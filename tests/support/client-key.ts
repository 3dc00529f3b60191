import { randomUUID } from 'node:crypto';
import type { ClientSite } from './client-site';
import { hub } from './hub-cli';
import { eventually, WAIT_MS } from './eventually';
import { stack } from './stack';

/** A hub key for the client site: its own site URL (so tests never share an entitlement), deliveries to the site's receiver. */
export interface ClientKey {
  id: string;
  key: string;
  webhookSecret: string;
  siteUrl: string;
  team: string;
  campaign: string;
}

/** Creates a key on the hub whose deliveries go to `site`'s receiver. */
export function createClientKey(site: ClientSite, scope: 'client' | 'admin' = 'client'): ClientKey {
  const tag = randomUUID().slice(0, 8);
  const siteUrl = `https://client-${tag}.example`;
  const team = `client-team-${tag}`;
  const lines = hub(
    'key',
    'create',
    '--site',
    siteUrl,
    '--team',
    team,
    '--scope',
    scope,
    '--name',
    'svc-client e2e',
    '--endpoint',
    site.receiverUrl,
  );
  const id = /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!;
  return { id, key: lines[lines.length - 1]!, webhookSecret: lines[lines.length - 2]!, siteUrl, team, campaign: `campaign-${tag}` };
}

/**
 * Saves the client's settings as its settings screen does (Svc_Client_Settings::save) — the hub
 * URL (the e2e hub site unless `hubUrl`), the key, its webhook secret, team and campaign. A new
 * key makes svc-client itself forget the licence a previous key left. Fails on any settings problem.
 */
export async function connectClient(site: ClientSite, key: ClientKey, hubUrl = stack().wordpressUrl, graceHours = 72): Promise<void> {
  const input = {
    hub_url: hubUrl,
    api_key: key.key,
    webhook_secret: key.webhookSecret,
    team: key.team,
    campaign: key.campaign,
    grace_hours: String(graceHours),
  };
  const problems = await site.php<Record<string, string> | unknown[]>(
    `return Svc_Client_Settings::save( json_decode( ${phpString(JSON.stringify(input))}, true ) );`,
  );
  if (!Array.isArray(problems) || problems.length > 0) throw new Error(`the client's settings were refused: ${JSON.stringify(problems)}`);
}

/** A PHP single-quoted string literal of `text`. */
export function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Polls `read` until `done` holds (tests/support/eventually.ts); returns the last value. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = WAIT_MS / 1000): Promise<T> {
  return eventually(read, done, Math.max(seconds * 1000, WAIT_MS));
}
