// Fixed bars (the consent banner, the vehicle page's sticky header and bottom bar) publish
// their heights as --fixed-top and --fixed-bottom on the root element. global.css turns
// them into the root's scroll-padding, so the browser scrolls a focused control clear of
// the bars (WCAG 2.2 Focus Not Obscured), and into room below the page's last content.
import { useEffect, type RefObject } from 'react';

export type FixedEdge = 'top' | 'bottom';

// Bars on one edge stack (the vehicle bottom bar sits on the consent banner), so the edge
// is as tall as its bars together.
const bars: Record<FixedEdge, Map<Element, number>> = { top: new Map(), bottom: new Map() };

function publish(edge: FixedEdge) {
  const style = document.documentElement.style;
  let total = 0;
  for (const height of bars[edge].values()) total += height;
  if (total > 0) style.setProperty(`--fixed-${edge}`, `${Math.ceil(total)}px`);
  else style.removeProperty(`--fixed-${edge}`);
}

/** Adds the height of the bar in `ref` to --fixed-`edge` while `active` (the bar is
 *  rendered), following its size as it changes; the property goes when the last bar on
 *  that edge does. `own`, when given, names a property that carries this bar's height
 *  alone (for a bar that another stacks on). */
export function useFixedEdge(
  ref: RefObject<Element | null>,
  edge: FixedEdge,
  active = true,
  own?: `--${string}`,
): void {
  useEffect(() => {
    const bar = ref.current;
    if (!active || !bar) return;
    const measure = () => {
      const height = bar.getBoundingClientRect().height;
      bars[edge].set(bar, height);
      publish(edge);
      if (own) document.documentElement.style.setProperty(own, `${Math.ceil(height)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      bars[edge].delete(bar);
      publish(edge);
      if (own) document.documentElement.style.removeProperty(own);
    };
  }, [ref, edge, active, own]);
}
