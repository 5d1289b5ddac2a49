import type { Storage } from '../platform/storage.js';
import type { Db } from './client.js';

/** Demonstration data for a fresh install (written by the seed work; see factories). */
export async function seed(_db: Db, _storage: Storage): Promise<void> {}
