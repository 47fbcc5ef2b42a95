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
    // scripts/build.mjs reads the manifest to check the pages' budget (the first load of each route).
    manifest: true,
    rolldownOptions: {
      // The pages' own modules do nothing on import but define things (their styles are separate .css modules), so a
      // page that imports one widget from the kit's index does not also load every other widget and its libraries.
      treeshake: { moduleSideEffects: [{ test: /\/web\/src\/.*\.tsx?$/, sideEffects: false }] },
    },
  },
});
