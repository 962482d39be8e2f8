import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.WFSAAS_API_TARGET ?? 'http://localhost:8080';
const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/**
 * The SPA is served from the same origin as the API (the server serves apps/web/dist), so the
 * request client's base URL is the page origin. Under `vite dev` on localhost the client calls
 * `/api/wfsaas-*` (docs/product.md#api), which the proxy below forwards to the server without the prefix.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // docs/product.md#api: on localhost the client calls the API under /api (see resolveBaseURL)
      '^/api/wfsaas-': { target: apiTarget, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
      '^/wfsaas-': { target: apiTarget, changeOrigin: true },
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The shared contracts package is plain declarations (route table, messages, zod schemas);
      // declaring it side-effect free lets the bundle drop what the web does not import (zod).
      // @rc-component/form's index assigns statics, so antd's Modal (via form/context) dragged the whole
      // form engine (~14 KB gzip) into the first load; declared pure, it loads with the first form.
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(contractsSrc) && !id.includes('/node_modules/@rc-component/form/'),
      },
    },
  },
});
