// ESLint flat config: the recommended rules of ESLint, typescript-eslint, React's hooks
// (with the React Compiler checks) and jsx-a11y. `make lint` runs it with
// --max-warnings 0, so a warning fails the lint as an error does.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Written by tools: the build, ts-rs's view types, screenshots of e2e runs.
    ignores: ['build/', 'node_modules/', 'src/types/generated/', 'e2e/screenshots/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // The SSR worker, the build config and the e2e drivers run in Node.
    files: ['src/server/**', 'vite.config.ts', 'e2e/**', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // e2e scripts run page code in the browser through Playwright's evaluate.
    files: ['e2e/**'],
    languageOptions: { globals: globals.browser },
  },
);
