import { uploadsPrefix } from '../../contract/paths.js';

/**
 * Image paths come from the server relative to its root (`/uploads/services/x.webp`); the web
 * app is served from the same origin, so an absolute path is used as is and a bare name is
 * looked up under the uploads folder.
 */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  return `${uploadsPrefix}${path}`;
}
