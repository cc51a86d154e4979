import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DealerComments } from './dealer-comments';

afterEach(cleanup);

describe('DealerComments', () => {
  it('toggles between the short and the full comments', () => {
    const full = 'A'.repeat(450);
    render(
      <DealerComments
        comments={{
          paragraphs: [full],
          short_paragraphs: [`${'A'.repeat(400)}...`],
          truncated: true,
          pending: false,
        }}
      />,
    );
    expect(screen.getByText(`${'A'.repeat(400)}...`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText(full)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText(full)).toBeNull();
  });

  it('shows the pending message without a toggle', () => {
    const pending = 'Dealer comments are pending. Please check back here later.';
    render(
      <DealerComments
        comments={{
          paragraphs: [pending],
          short_paragraphs: [pending],
          truncated: false,
          pending: true,
        }}
      />,
    );
    expect(screen.getByText(pending)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
