/**
 * `SVC_OUTBOUND_ALLOW`: a comma list of `host:port` the outbound guard lets through even when
 * they resolve to non-public addresses (a test receiver on 127.0.0.1, a client site on the
 * LAN). Hosts are compared as written in the target URL, lower-cased; an IPv6 host is written
 * in brackets (`[::1]:8080`). Returns the normalised entries, or null when one is malformed.
 */
export function parseOutboundAllow(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  const valid = entries.every((entry) => {
    const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/.exec(entry);
    return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 65535;
  });
  return valid ? entries : null;
}

/** `host:port` of a URL as the allow list spells it (default ports filled in). */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}
