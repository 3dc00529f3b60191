import { connect } from 'node:net';
import type { HostileAnswer } from './ways';

/**
 * One request written byte for byte on a fresh socket (`Connection: close`), for what no HTTP
 * client sends: an absolute-form request target (`POST http://other.example/… HTTP/1.1`).
 */
export function rawRequest(base: URL, head: string, body: Buffer = Buffer.alloc(0)): Promise<HostileAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const lines = all
        .subarray(0, split < 0 ? all.length : split)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      let rest: Buffer = split < 0 ? Buffer.alloc(0) : Buffer.from(all.subarray(split + 4));
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) rest = dechunk(rest);
      const text = rest.toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      resolve({ status: Number(lines[0]?.split(' ')[1] ?? 0), headers, text, bytes: rest.length, body: parsed });
    });
    socket.write(Buffer.concat([Buffer.from(`${head}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`, 'latin1'), body]));
  });
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
