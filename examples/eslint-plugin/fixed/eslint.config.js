// Concordat's rules in the editor: typed linting through typescript-eslint, then the plugin's
// recommended config (every analyzer rule as an error, on TypeScript files).
import tseslint from "typescript-eslint";
import concordat from "concordat/eslint-plugin";

export default [
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  concordat.configs.recommended,
];
