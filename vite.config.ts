import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz beside each hashed text asset, sent by the server to a browser that accepts
    // them (docs/decisions/019-precompressed-assets.md). Source maps and files under 1 KB are left
    // alone, and so is public/: its files are not hashed and are few and small.
    compression({
      include: /^assets\/[^/]+\.(?:js|css|svg|json|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
});
