// Whether the window has scrolled past a threshold (sticky header at 500 px, bottom bar
// past 900 px). False on the server and until the first scroll, so hydration matches
// the static markup; one passive listener, read once per animation frame.
import { useEffect, useState } from 'react';

/** True once `window.scrollY` is at least `px` (or more than `px` when `strictly`). */
export function useScrolledPast(px: number, strictly = false): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const y = window.scrollY;
      setPast(strictly ? y > px : y >= px);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(read);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [px, strictly]);
  return past;
}
