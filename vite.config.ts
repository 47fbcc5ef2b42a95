import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The admin web app lives in web/; `vite build` writes it to dist/web/, which the Express server serves.
// In development the server mounts Vite in middleware mode (HEARTH_WEB_DEV=1), so there is no proxy here.
export default defineConfig({
  root: 'web',
  appType: 'spa',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from the bundles; the server serves them outside production only.
    sourcemap: 'hidden',
    target: 'es2022',
  },
});
