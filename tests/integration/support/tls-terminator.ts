/**
 * A local TLS terminator in front of a site server, as nginx or a cloud load balancer stands in
 * front of it in production: https with a self-signed certificate for `localhost` (made by
 * openssl), each request forwarded to the site with `X-Forwarded-For`, `-Proto` and `-Host`; and
 * plain http answered with a 301 to the same address over https, as a deployment's port 80 does.
 * Both are served on one port, told apart by the first byte a client sends (a TLS handshake
 * starts with 0x16): the HTTP Observatory probes `http://host` and `https://host` of the one
 * host name it is given, so a test without ports 80 and 443 gives it `localhost:{port}`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TlsTerminator {
  /** `https://localhost:{port}`. */
  origin: string;
  /** Sends the requests from now on to `upstream` (an http origin); until then they get 502. */
  forwardTo(upstream: string): void;
  /** `localhost:{port}`: the host name clients (and the Observatory) are given. */
  host: string;
  /** The certificate (PEM): a client trusts it with NODE_EXTRA_CA_CERTS. */
  certificateFile: string;
  close(): Promise<void>;
}

/** A self-signed certificate for localhost, valid for a day, in a folder of its own. */
function selfSignedCertificate(): { dir: string; key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tls-terminator-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { dir, key, cert };
}

/** Starts a terminator on a free port of 127.0.0.1 (see forwardTo). */
export async function startTlsTerminator(): Promise<TlsTerminator> {
  let target: URL | undefined;
  const files = selfSignedCertificate();
  const sockets = new Set<Socket>();

  const https = createHttpsServer(
    { key: readFileSync(files.key), cert: readFileSync(files.cert) },
    (req, res) => {
      if (!target) return void res.writeHead(502).end();
      const headers = { ...req.headers };
      headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
      headers['x-forwarded-proto'] = 'https';
      headers['x-forwarded-host'] = req.headers.host ?? '';
      headers.host = target.host;
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forwarded);
    },
  );
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { location: `https://${req.headers.host ?? 'localhost'}${req.url ?? '/'}` });
    res.end();
  });

  const front = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    origin: `https://localhost:${port}`,
    host: `localhost:${port}`,
    certificateFile: files.cert,
    forwardTo: (upstream) => {
      target = new URL(upstream);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        front.close(() => {
          rmSync(files.dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
