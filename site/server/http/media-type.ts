/**
 * A request body's declared type: the media type lower-cased without its parameters ('' when
 * none is sent), and the charset when one is named. Every endpoint that reads a body asks here.
 */
export function bodyMediaType(headers: Headers): { type: string; charset?: string } {
  const [type = '', ...parameters] = (headers.get('content-type') ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  return charset === undefined ? { type } : { type, charset: charset.replace(/^"|"$/g, '') };
}
