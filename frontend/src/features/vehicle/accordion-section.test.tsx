import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccordionSection } from './accordion-section';

afterEach(cleanup);

describe('AccordionSection', () => {
  it('is open at first and closes and opens from its heading button', () => {
    render(
      <AccordionSection id="specs" title="All Specifications" collapseMs={300}>
        <p>Cylinders 4</p>
      </AccordionSection>,
    );
    const toggle = screen.getByRole('button', { name: 'All Specifications' });
    const panel = document.getElementById('specs-panel') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('specs-panel');
    expect(panel.dataset.open).toBe('true');
    expect(
      screen.getByRole('region', { name: 'All Specifications' }).getAttribute('style'),
    ).toContain('--collapse-ms: 300ms');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');
    fireEvent.click(toggle);
    expect(panel.dataset.open).toBe('true');
  });
});
