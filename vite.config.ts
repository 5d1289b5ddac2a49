import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Two builds: the browser's (dist/web) and, with `--ssr`, the server entry that draws the public
// pages (dist/ssr, loaded by src/server/platform/pages.ts).
export default defineConfig(({ command, isSsrBuild }) => ({
  // A build says only what went wrong: the list of chunks (hundreds of lines) buried what `npm
  // start` prints after it. BUILD_VERBOSE=1 brings it back.
  logLevel: command === 'build' && process.env.BUILD_VERBOSE !== '1' ? 'warn' : 'info',
  plugins: [
    react(),
    stylesFirst(),
    // A .br and a .gz beside each hashed text asset, sent by the server to a browser that accepts
    // them (docs/decisions/019-precompressed-assets.md). Source maps and files under 1 KB are left
    // alone, and so is public/: its files are not hashed and are few and small.
    !isSsrBuild &&
      compression({
        include: /^assets\/[^/]+\.(?:js|css|svg|json|txt)$/,
        threshold: 1024,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
        logLevel: 'silent',
      }),
  ],
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, target: 'node20', rolldownOptions: quietTimings }
    : {
        rolldownOptions: quietTimings,
        outDir: 'dist/web',
        emptyOutDir: true,
        // Written, not linked from the scripts: the server serves them outside production only.
        sourcemap: 'hidden',
        target: 'es2022',
        // One stylesheet, linked from the page's head: a drawn page is styled at its first paint,
        // not once its route's script has loaded.
        cssCodeSplit: false,
        // The page names only its entry script: the modules it imports would be fetched and
        // compiled on a slow phone's single busy thread before the drawn page is painted.
        modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
      },
  // The server entry carries its own React, built for production (the development build draws a
  // page several times slower), whatever NODE_ENV the server runs with.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
}));

/** Rolldown's report of slow plugins is a warning too: only with BUILD_VERBOSE=1. */
const quietTimings = { checks: { bundlerTimings: process.env.BUILD_VERBOSE === '1' } };

/** The stylesheet link first in the head, before the scripts: the drawn page waits for it alone. */
function stylesFirst(): Plugin {
  return {
    name: 'doorstep:styles-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let page = html;
        for (const link of links) page = page.replace(link, '');
        return page.replace('<meta charset="UTF-8" />', (charset) => `${charset}\n    ${links.join('').trim()}`);
      },
    },
  };
}
