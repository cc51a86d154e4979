// Accessibility check of the current page with axe-core (WCAG 2 A/AA rules).
import { AxeBuilder } from '@axe-core/playwright';

/** Runs axe on `page`; throws listing every violation and its first nodes. */
export async function expectNoAxeViolations(page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  if (results.violations.length > 0) {
    const lines = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
    throw new Error(
      `axe found ${results.violations.length} violation(s) on ${page.url()}:\n  ${lines.join('\n  ')}`,
    );
  }
}
