import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import './scroll-carousel.css';

interface Props {
  /** Accessible name of the list, e.g. "Our Locations". */
  label: string;
  /** The items, each an <li>. */
  children: ReactNode;
  /** Extra classes of the wrapper. */
  className?: string;
  /** Words of the Previous and Next buttons, e.g. "locations". */
  itemWord: string;
}

/** A row of cards that scrolls sideways (swipe, trackpad, keyboard on its links) with
 *  Previous and Next buttons that move it by about a screen; a button is disabled at its
 *  end. Without JavaScript the row still scrolls. */
export function ScrollCarousel({ label, children, className = '', itemWord }: Props) {
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setAtStart(el.scrollLeft <= 1);
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);

  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.9, 200), behavior: 'smooth' });
  };

  return (
    <div className={`scroll-carousel ${className}`.trim()}>
      <div className="scroll-carousel__controls">
        <button
          type="button"
          className="scroll-carousel__button"
          aria-controls={id}
          disabled={atStart}
          onClick={() => move(-1)}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous {itemWord}</span>
        </button>
        <button
          type="button"
          className="scroll-carousel__button"
          aria-controls={id}
          disabled={atEnd}
          onClick={() => move(1)}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next {itemWord}</span>
        </button>
      </div>
      <ul id={id} ref={track} className="scroll-carousel__track" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}
