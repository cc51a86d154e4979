// Whether an element is on screen, for offering an action only once (one
// "Reserve Now" visible at a time). True on the server and until the observer first
// answers, so the static page and hydration agree and the bars (which exist only after
// scrolling) never double the page's own button.
import { useEffect, useState, type RefObject } from 'react';

/** True while any part of `ref`'s element is in the viewport; false when there is none. */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(element !== null);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
