import js from "@eslint/js";
import pluginQuery from "@tanstack/eslint-plugin-query";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * A feature imports from api/, team/ and components/, never from another feature — present or
 * future: no list of features, but the rule that an import never climbs out of its feature's
 * folder into src/features. A file `depth` folders below its feature's folder reaches the
 * features folder with `depth + 1` "../" (then any name is another feature), or the src folder
 * with `depth + 2` (then "features/" is). Files down to three folders deep are covered.
 */
const featureBoundaries = [0, 1, 2, 3].map((depth) => ({
  files: [`src/features/*/${"*/".repeat(depth)}*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}([^./][^/]*/|(\\.\\./)features/)`,
            message: "A feature never imports another feature; move what both need to src/api, src/team or src/components.",
          },
        ],
      },
    ],
  },
}));

/** The fetch layer is React-free, and knows nothing of the UI above it. */
const apiBoundary = {
  files: ["src/api/**/*.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { regex: "^(react|react-dom|react-router-dom|@tanstack/react-[a-z-]+)(/|$)", message: "src/api is React-free." },
          { regex: "^(\\.\\./)+(app|features|components|team)(/|$)", message: "src/api depends on nothing of the UI." },
        ],
      },
    ],
  },
};

/** The loaded team serves the features: it uses api/ and components/, never a feature or the app. */
const teamBoundary = {
  files: ["src/team/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^(\\.\\./)+(app|features)(/|$)",
            message: "src/team serves the features: it imports no feature and nothing of the app.",
          },
        ],
      },
    ],
  },
};

/**
 * The team worker's engine runs in the worker, beside no page: React-free, and it imports nothing
 * of the page's side (src/team), the app, the features or the components. The page imports the
 * engine's types and functions, never the reverse (as TanStack's query-core knows no react-query).
 */
const teamEngineBoundary = {
  files: ["src/team-engine/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^(react|react-dom|react-router|react-router-dom|@tanstack/react-[a-z-]+)(/|$)",
            message: "src/team-engine is React-free: it runs in the worker.",
          },
          {
            regex: "^(\\.\\./)+(app|features|components|team)(/|$)",
            message: "src/team-engine imports nothing of the page: src/team, the app, the features and the components import it.",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "smoke-report", "screenshots", ".data"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  ...pluginQuery.configs["flat/recommended"],
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  ...featureBoundaries,
  apiBoundary,
  teamBoundary,
  teamEngineBoundary,
  {
    // Tests reach into fixtures with empty destructuring, as Playwright requires.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
