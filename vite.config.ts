import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig, type Plugin } from "vite";
import { compressBuild } from "./scripts/compress-build.ts";

const require = createRequire(import.meta.url);

/** Where the app says what it is (`{ name, version }`), for the smoke suite's report and for operators. */
const appInfoPath = "/app-info.json";

/** Serves the package's name and version at `appInfoPath`, built as a file beside index.html. */
function appInfo(): Plugin {
  const { name, version } = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8")) as { name: string; version: string };
  const source = `${JSON.stringify({ name, version })}\n`;
  return {
    name: "app-info",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: appInfoPath.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use(appInfoPath, (_request, response) => {
        response.setHeader("Content-Type", "application/json");
        response.end(source);
      });
    },
  };
}

/**
 * main.ts sends the first request, then imports the app (src/app/app.tsx). index.html preloads
 * the app's chunks, so they download and compile while main.ts runs instead of after it.
 */
function preloadApp(): Plugin {
  let base = "/";
  return {
    name: "preload-app",
    apply: "build",
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunkOf = (fileName: string) => {
          const file = bundle[fileName];
          return file?.type === "chunk" ? file : undefined;
        };
        const app = Object.values(bundle).find(
          (file) => file.type === "chunk" && file.moduleIds.some((id) => id.endsWith("/src/app/app.tsx")),
        );
        if (app?.type !== "chunk") throw new Error("preload-app: no chunk for src/app/app.tsx");
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunkOf(fileName);
          if (!chunk || files.has(fileName) || fileName === entry.fileName || entry.imports.includes(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files].map((fileName) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${fileName}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * React Router's build calls forwardRef and createContext at the top level without a pure
 * annotation, and sets displayName on what they return: the bundler must then keep Form,
 * ScrollRestoration and their helpers, which the app never uses (about 1.2 kB gzip).
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: "tree-shake-react-router",
    apply: "build",
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]/.test(id)) return null;
      const shakable = code
        .replace(/^\w+\.displayName = "[^"]*";$/gm, "")
        .replace(/= (React\d*\.(?:forwardRef|createContext)\()/g, "= /* @__PURE__ */ $1");
      return { code: shakable, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadApp(), treeShakeReactRouter(), appInfo(), compressBuild()],
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
    // One small stylesheet, linked by index.html, rather than one per chunk loaded on the way.
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // A first visit loads three chunks: the entry (main.ts and what sends the first request),
        // React (it changes far less often than the app, so browsers keep it across deploys), and
        // the app. Each view or panel opened later loads its own chunk.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: "index", test: /src[\\/]main\.ts$/, includeDependenciesRecursively: true, priority: 2 },
            { name: "app", test: /src[\\/]app[\\/]app\.tsx$/, includeDependenciesRecursively: true, priority: 1 },
          ],
        },
      },
    },
  },
});
