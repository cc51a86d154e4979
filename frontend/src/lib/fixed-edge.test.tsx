import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFixedEdge, type FixedEdge } from './fixed-edge';

// jsdom lays nothing out: each bar reports the height its test gives it, and the
// ResizeObserver stand-in lets a test announce a change of size.
const observers: Array<() => void> = [];
class FakeResizeObserver {
  constructor(private callback: () => void) {
    observers.push(() => this.callback());
  }
  observe() {}
  disconnect() {
    observers.splice(0);
  }
}

function Bar({
  edge,
  height,
  active = true,
  own,
}: {
  edge: FixedEdge;
  height: () => number;
  active?: boolean;
  own?: `--${string}`;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFixedEdge(ref, edge, active, own);
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (el) el.getBoundingClientRect = () => ({ height: height() }) as DOMRect;
      }}
    />
  );
}

const root = () => document.documentElement.style;

describe('useFixedEdge', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    observers.splice(0);
  });

  it('publishes the height of the bars stacked on each edge and follows their size', () => {
    let consent = 120.4;
    const view = render(
      <>
        <Bar edge="bottom" height={() => 64} />
        <Bar edge="bottom" height={() => consent} own="--consent-banner-height" />
        <Bar edge="top" height={() => 56} />
      </>,
    );
    expect(root().getPropertyValue('--fixed-bottom')).toBe('185px');
    expect(root().getPropertyValue('--consent-banner-height')).toBe('121px');
    expect(root().getPropertyValue('--fixed-top')).toBe('56px');
    consent = 150;
    act(() => observers.forEach((notify) => notify()));
    expect(root().getPropertyValue('--fixed-bottom')).toBe('214px');
    expect(root().getPropertyValue('--consent-banner-height')).toBe('150px');
    // The consent banner closes: the bottom bar is the edge's height again.
    view.rerender(
      <>
        <Bar edge="bottom" height={() => 64} />
        <Bar edge="top" height={() => 56} />
      </>,
    );
    expect(root().getPropertyValue('--fixed-bottom')).toBe('64px');
    expect(root().getPropertyValue('--consent-banner-height')).toBe('');
    view.unmount();
    expect(root().getPropertyValue('--fixed-bottom')).toBe('');
    expect(root().getPropertyValue('--fixed-top')).toBe('');
  });

  it('publishes nothing for a bar that is not shown', () => {
    const view = render(<Bar edge="top" height={() => 56} active={false} />);
    expect(root().getPropertyValue('--fixed-top')).toBe('');
    view.rerender(<Bar edge="top" height={() => 56} active />);
    expect(root().getPropertyValue('--fixed-top')).toBe('56px');
  });
});
