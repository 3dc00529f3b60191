import { randomBytes } from 'node:crypto';
import { sign } from '../../worker/src/support/shell-signing';
import { stack } from './stack';

export interface SignedOptions {
  method: string;
  path: string;
  body?: string | Buffer;
  authorization?: string;
  /** The route's auth kind as the shell signs it; by default `admin` or `internal` for those namespaces, else `public`. */
  auth?: string;
  user?: string;
  clientIp?: string;
  timestamp?: number;
  nonce?: string;
  secret?: string;
}

/** The auth kind the shell's route table gives a path (enough for tests: admin, internal, the rest). */
function authKindOf(path: string): string {
  if (/^\/wp-json\/svc-hub\/v1\/admin\//i.test(path)) return 'admin';
  if (/^\/wp-json\/svc-hub\/v1\/internal\//i.test(path)) return 'internal';
  return 'public';
}

/** Headers the shell would send for this request (docs/architecture.md §1, scheme v2: docs/api-notes.md), for calling the worker directly. */
export function shellHeaders(options: SignedOptions): Record<string, string> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const parts = {
    method: options.method,
    pathAndQuery: options.path,
    timestamp,
    nonce,
    authorization: options.authorization ?? '',
    auth: options.auth ?? authKindOf(options.path),
    user: options.user ?? '1',
    clientIp: options.clientIp ?? '127.0.0.1',
    body: options.body ?? '',
  };
  const headers: Record<string, string> = {
    'X-Svc-Hub-Timestamp': timestamp,
    'X-Svc-Hub-Nonce': nonce,
    'X-Svc-Hub-Auth': parts.auth,
    'X-Svc-Hub-User': parts.user,
    'X-Svc-Hub-Client-Ip': parts.clientIp,
    'X-Svc-Hub-Signature': sign(parts, options.secret ?? stack().workerEnv.SVC_HUB_SECRET!),
  };
  if (options.authorization) headers.Authorization = options.authorization;
  return headers;
}
