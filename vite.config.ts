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
  },
});
