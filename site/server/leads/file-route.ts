/**
 * `GET /api/lead-files/{token}`: a stored lead file by its unguessable token, always as a
 * download (never rendered inline in our origin) with the type sniffed at upload.
 */
import { isFileToken } from './file-storage';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export async function GET(
  _request: Request,
  context: { params: Promise<{ token: string }> },
): Promise<Response> {
  const { token } = await context.params;
  const notFound = () => new Response('Not found', { status: 404 });
  if (!isFileToken(token)) return notFound();
  const { store, files } = siteRuntime().leads;
  const file = await store.fileByToken(token);
  if (!file) return notFound();
  const bytes = await files.read(file.storedName).catch(() => undefined);
  if (!bytes) return notFound();
  const asciiName = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': file.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}
