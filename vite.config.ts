import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import { defineConfig } from "vite";

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore: the shim for React 16 and 17 is dead weight.
      "use-sync-external-store/shim/with-selector": require.resolve("use-sync-external-store/with-selector"),
    },
  },
  build: {
    // scripts/check-bundle.ts reads it to hold the users route to its budget.
    manifest: true,
    // Every browser the dashboard supports preloads modules natively.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // React in a chunk of its own: it changes far less often than the app, so browsers keep
        // it cached across deploys (and the app's chunks no longer import it piecemeal).
        manualChunks: (id: string) => (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? "react" : undefined),
      },
    },
  },
});
