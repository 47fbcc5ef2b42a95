import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * react-router makes its components at the top of its module with React.forwardRef and names each with an
 * `X.displayName = …` statement; neither is marked free of side effects, so components no page uses (NavLink,
 * Form and the form submission code, ScrollRestoration) stay in the entry. The creation is marked pure and the
 * names (read only by React's developer tools) dropped in the build, so tree shaking can leave those out.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'hearth:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /react-router\/dist\/production\/chunk-/ },
      handler: (code) => ({
        code: code.replace(/^\w+\.displayName = "\w+";$/gm, '').replace(/^var (\w+) = (React\d*)\.forwardRef\(/gm, 'var $1 = /* @__PURE__ */ $2.forwardRef('),
        map: null,
      }),
    },
  };
}

// The admin web app lives in web/; `vite build` writes it to dist/web/, which the Express server serves.
// In development the server mounts Vite in middleware mode (HEARTH_WEB_DEV=1), so there is no proxy here.
export default defineConfig(({ command }) => ({
  root: 'web',
  // react-router's package points every bundler at its development build (react-router issue 12532, "temporary");
  // the pages' build takes its production build (the same code without the development warnings).
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] } : {},
  appType: 'spa',
  plugins: [react(), reactRouterTreeShaking()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from the bundles; the server serves them outside production only.
    sourcemap: 'hidden',
    target: 'es2022',
    // scripts/build.mjs reads the manifest to check the pages' budget (the first load of each route).
    manifest: true,
    // Every browser the build targets preloads modules itself (Safari from 17): no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Seven characters of hash (rolldown's least for this many chunks): the entry lists every chunk's name for its
      // preloads, and random names are what gzip cannot shrink (about 0.2 kB of the entry's budget at eight).
      output: { chunkFileNames: 'assets/[hash:7].js', assetFileNames: 'assets/[hash:7][extname]' },
      // The pages' own modules do nothing on import but define things (their styles are separate .css modules), so a
      // page that imports one widget from the kit's index does not also load every other widget and its libraries.
      treeshake: { moduleSideEffects: [{ test: /\/web\/src\/.*\.tsx?$/, sideEffects: false }] },
    },
  },
}));
