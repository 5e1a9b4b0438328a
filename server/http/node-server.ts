import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { ServerConfig } from '../config';

/**
 * ADR 053: with TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself, HTTP/2 to browsers
 * that offer it (ALPN) and HTTP/1.1 to the others. Over HTTP/2 a first page's twenty files share one
 * connection; over HTTP/1.1 a browser opens six and sends one request at a time on each, a round
 * trip apiece on a phone network. Without them, plain HTTP/1.1, for a load balancer that ends TLS.
 * The options are @hono/node-server's `serve` options; the files are read once, at start.
 */
export function tlsServeOptions(tls: NonNullable<ServerConfig['tls']>) {
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
    }
  };
  return {
    createServer: createSecureServer,
    serverOptions: { cert: read(tls.certFile, 'TLS_CERT_FILE'), key: read(tls.keyFile, 'TLS_KEY_FILE'), allowHTTP1: true },
  };
}
