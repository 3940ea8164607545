/**
 * Checks an uploaded file against its field's upload spec by what its bytes are, never by its
 * name or the type the browser claims: `file-type` reads the magic numbers (and, for DOCX, the
 * zip's contents).
 */
import { fileTypeFromBuffer } from 'file-type';

export interface UploadSpec {
  /** MIME type → extensions, react-dropzone style. */
  accept?: Record<string, string[]>;
  maxBytes?: number;
  label: string;
}

export type UploadCheck =
  { ok: true; mime: string; ext: string } | { ok: false; status: 413 | 415; message: string };

const describe = (accept: Record<string, string[]>) =>
  Object.values(accept)
    .flat()
    .map((ext) => ext.replace(/^\./, '').toUpperCase())
    .join(', ');

export async function checkUpload(spec: UploadSpec, bytes: Uint8Array): Promise<UploadCheck> {
  if (spec.maxBytes !== undefined && bytes.byteLength > spec.maxBytes) {
    const mb = Math.round((spec.maxBytes / 1024 / 1024) * 10) / 10;
    return { ok: false, status: 413, message: `${spec.label} must be at most ${mb} MB` };
  }
  if (bytes.byteLength === 0) return { ok: false, status: 415, message: `${spec.label} is empty` };
  const sniffed = await fileTypeFromBuffer(bytes);
  const accept = spec.accept ?? {};
  if (!sniffed || !(sniffed.mime in accept)) {
    const what = sniffed ? `a ${sniffed.ext.toUpperCase()} file` : 'not a recognised file type';
    return {
      ok: false,
      status: 415,
      message: `${spec.label} is ${what}; allowed: ${describe(accept) || 'none'}`,
    };
  }
  return { ok: true, mime: sniffed.mime, ext: sniffed.ext };
}
