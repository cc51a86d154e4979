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
    // Written by tools: the build and ts-rs's view types.
    ignores: ['build/', 'node_modules/', 'src/types/generated/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // Off: hydrated pages read browser-only state (storage, URL, session) in an effect
      // after mount, so the first client render matches the server's HTML.
      'react-hooks/set-state-in-effect': 'off',
      // Off: a React Compiler rule; this code keeps the latest callback in a ref written
      // during render (debounced calls) and passes refs inside hook results (dialogs).
      'react-hooks/refs': 'off',
      // Mouse handlers only: a key handler on a list, nav or box can only hear keys that
      // bubble up from the focused control inside it (arrow keys, Escape to close).
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp'], allowExpressionValues: true },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
      // Off: feed and walkaround videos come from dealers with no caption files, so there
      // is no track to add.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  {
    // `const { [name]: _, ...rest } = o` drops a key; `_` is the dropped value.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  {
    // The SSR worker, the build config and the e2e drivers run in Node.
    files: ['src/server/**', 'src/**/*.mjs', 'vite.config.ts', 'e2e/**', '*.js', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // e2e scripts run page code in the browser through Playwright's evaluate.
    files: ['e2e/**'],
    languageOptions: { globals: globals.browser },
  },
);
