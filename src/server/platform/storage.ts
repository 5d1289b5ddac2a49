// Images live behind this interface: files under DATA_DIR/uploads by default, an object store later.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadsPrefix } from '../../contract/paths.js';

export interface Storage {
  /** Stores the bytes and answers the public path (`/uploads/<name>`). */
  put(bytes: Buffer, extension: string, folder?: string): Promise<string>;
  /** The folder served at /uploads, for the static file server. */
  readonly root: string;
}

export class DiskStorage implements Storage {
  constructor(readonly root: string) {}

  async put(bytes: Buffer, extension: string, folder = 'images') {
    const name = `${crypto.randomUUID()}.${extension}`;
    await fs.mkdir(path.join(this.root, folder), { recursive: true });
    await fs.writeFile(path.join(this.root, folder, name), bytes);
    return `${uploadsPrefix}${folder}/${name}`;
  }
}
