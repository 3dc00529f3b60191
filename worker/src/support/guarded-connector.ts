import { buildConnector } from 'undici';
import { OutboundRefusedError, type OutboundGuard } from './outbound-guard';

/**
 * An undici connector for a pooled Agent whose target someone else chose (an admin-entered
 * provider base URL): before every new connection the host is resolved and checked by the
 * outbound guard, and the socket goes to the address that was checked — never to a second
 * DNS answer. Host and TLS SNI stay the URL's hostname. A refused target fails the
 * connection with OutboundRefusedError; a host that does not resolve with code ENOTFOUND.
 */
export function guardedConnector(guard: OutboundGuard, connectTimeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: connectTimeoutMs });
  return (options, callback) => {
    const host = options.host ?? (options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname);
    guard.check(`${options.protocol}//${host}/`).then(
      (target) => connect({ ...options, hostname: target.address }, callback),
      (error: unknown) => {
        const failure =
          error instanceof OutboundRefusedError
            ? error
            : Object.assign(new Error(error instanceof Error ? error.message : String(error)), { code: 'ENOTFOUND' });
        callback(failure, null);
      },
    );
  };
}
