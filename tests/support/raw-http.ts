import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as sent: origin form (`/path?query`) or absolute form (`http://host/path`). */
  target: string;
  /** A list writes one line per value (two headers of one name, say). */
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Local address to send from (any of 127.0.0.0/8). */
  localAddress?: string;
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(raw: Buffer): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`no HTTP answer (${raw.length} bytes received)`);
  const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(headEnd + 4);
  const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rest) : rest;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * One HTTP/1.1 request written byte for byte on a TCP socket (fetch cannot send an
 * absolute-form target), `Connection: close`; resolves with the answer once the server closes.
 * A server that answers before reading the whole body may reset the connection: what was
 * received counts.
 */
export function rawRequest(url: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    `Content-Length: ${body.length}`,
  ];
  for (const [name, value] of Object.entries(request.headers ?? {})) for (const one of [value].flat()) head.push(`${name}: ${one}`);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port), localAddress: request.localAddress });
    const finish = (error?: Error) => {
      try {
        resolve(parse(Buffer.concat(received)));
      } catch (parseError) {
        reject(error ?? parseError);
      }
    };
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(error));
    socket.write(Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n', 'latin1'), body]));
  });
}
