/**
 * Uploaded lead files on disk under `UPLOADS_DIR`, each under a random name, written and
 * fsynced before the lead is committed. A file is reached only through its download token:
 * 256 random bits, so links in HubSpot cannot be guessed or enumerated.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from './lead-types';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const isFileToken = (token: string) => tokenPattern.test(token);

/** The public download link of a stored file. */
export function fileLink(siteUrl: string, token: string): string {
  return `${siteUrl}/api/lead-files/${token}`;
}

export class FileStorage {
  constructor(private readonly dir: string) {}

  /** Writes the bytes durably under a random name and returns the record to commit. */
  async store(
    field: string,
    originalName: string,
    bytes: Uint8Array,
    type: { mime: string; ext: string },
  ): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
    // The uploads folder is configuration, not a build input: keep Turbopack from tracing it.
    const file = path.join(/*turbopackIgnore: true*/ this.dir, storedName);
    const handle = await open(/*turbopackIgnore: true*/ file, 'wx', 0o600);
    try {
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      const dir = await open(this.dir, 'r');
      try {
        await dir.sync(); // the new directory entry survives a crash too
      } finally {
        await dir.close();
      }
    } catch (error) {
      // A full disk stops the write part way: no partial file is left behind.
      await rm(file, { force: true }).catch(() => undefined);
      throw error;
    }
    return {
      token: randomBytes(32).toString('base64url'),
      field,
      originalName: originalName.slice(0, 255),
      storedName,
      mime: type.mime,
      size: bytes.byteLength,
    };
  }

  /**
   * Stores every file of one lead, or none: when one cannot be written (a full or read-only
   * folder), those already written are removed and the error is thrown.
   */
  async storeAll(
    files: readonly {
      field: string;
      name: string;
      bytes: Uint8Array;
      mime: string;
      ext: string;
    }[],
  ): Promise<StoredFile[]> {
    const stored: StoredFile[] = [];
    try {
      for (const file of files)
        stored.push(await this.store(file.field, file.name, file.bytes, file));
    } catch (error) {
      await this.remove(stored).catch(() => undefined);
      throw error;
    }
    return stored;
  }

  /**
   * Whether a file can be written in the folder now: a small file is created, synced and
   * removed (a full disk or a read-only folder fails here, whatever the permission bits say).
   */
  async probeWritable(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(
      /*turbopackIgnore: true*/ this.dir,
      `.probe-${randomBytes(8).toString('hex')}`,
    );
    const handle = await open(/*turbopackIgnore: true*/ file, 'wx', 0o600);
    try {
      await handle.writeFile('probe');
      await handle.sync();
    } finally {
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
    }
  }

  read(storedName: string): Promise<Buffer> {
    return readFile(this.resolve(storedName));
  }

  /** Removes files written for a request that was not committed (a duplicate, a failed commit). */
  async remove(files: readonly StoredFile[]): Promise<void> {
    await Promise.all(files.map((file) => rm(this.resolve(file.storedName), { force: true })));
  }

  private resolve(storedName: string): string {
    if (!/^[a-f0-9]{32}\.[a-z0-9]{1,8}$/.test(storedName)) throw new Error('bad stored file name');
    return path.join(/*turbopackIgnore: true*/ this.dir, storedName);
  }
}
