import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: {
    // scripts/check-bundle.ts reads it to hold the users route to its budget.
    manifest: true,
  },
});
