import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PartsOrderToggle } from './parts-order-toggle';

afterEach(cleanup);

describe('PartsOrderToggle', () => {
  // Seed 001 s2: "A toggle reads View or Hide Parts Order Form."
  it('hides and shows the parts order form, saying which it will do', () => {
    render(
      <PartsOrderToggle>
        <form aria-label="Order Parts Online" />
      </PartsOrderToggle>,
    );
    const toggle = screen.getByRole('button', { name: 'Hide Parts Order Form' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Order Parts Online' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('View Parts Order Form');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Order Parts Online' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Hide Parts Order Form');
    expect(screen.getByRole('form', { name: 'Order Parts Online' })).toBeTruthy();
  });
});
