import js from "@eslint/js";
import pluginQuery from "@tanstack/eslint-plugin-query";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = ["users", "teams", "settings"];

/** A feature imports from api/ and components/, never from another feature. */
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            regex: `^(\\.\\./)+(features/)?${other}(/|$)`,
            message: `A feature never imports another feature (${other}); move what both need to src/api or src/components.`,
          })),
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
          { regex: "^(\\.\\./)+(app|features|components)(/|$)", message: "src/api depends on nothing of the UI." },
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
  {
    // Tests reach into fixtures with empty destructuring, as Playwright requires.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
