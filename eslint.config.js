import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Toasts go through ~/components/ui/toast, which mounts the toast area only where a page can toast. */
const TOAST_THROUGH_THE_APP = {
  name: "sonner",
  importNames: ["toast"],
  message: "Import toast from ~/components/ui/toast.",
};

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/components/ui/toast.ts", "app/components/ui/sonner.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [TOAST_THROUGH_THE_APP] }] },
  },
  {
    // Components, hooks and the pure helpers run in the browser too: the types they need live
    // in app/lib, which imports nothing from the server.
    files: ["app/components/**", "app/hooks/**", "app/lib/**"],
    ignores: ["app/components/ui/toast.ts", "app/components/ui/sonner.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [TOAST_THROUGH_THE_APP],
          patterns: [
            { group: ["~/.server/*", "**/.server/*"], message: "Put the type in app/lib." },
          ],
        },
      ],
    },
  },
);
