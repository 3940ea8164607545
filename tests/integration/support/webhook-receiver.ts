/**
 * The firm's webhook receiver, written from the Standard Webhooks documentation rather than from
 * the site's signer: it checks every request the way a receiver must.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The receiver's check, as the Standard Webhooks documentation writes it: the key is the
 * base64 after `whsec_`; the signed content `<id>.<timestamp>.<raw body>`; any of the
 * space-separated `v1,<base64>` signatures may match, compared in constant time; a timestamp
 * more than five minutes from the receiver's clock is refused.
 */
export function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false;
  }
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

/** The firm's receiver: verifies each request, answers 503 while it is down. */
export class Receiver {
  readonly secret = `whsec_${randomBytes(32).toString('base64')}`;
  readonly received: Received[] = [];
  down = false;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const status = this.down ? 503 : verify(this.secret, request.headers, body) ? 204 : 401;
        this.received.push({ headers: request.headers, body, status, at: Date.now() });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
  }

  /** The requests it accepted (signature good, not down). */
  accepted(): Received[] {
    return this.received.filter((r) => r.status === 204);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
