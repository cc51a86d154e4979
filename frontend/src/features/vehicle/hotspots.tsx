import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { HotspotView } from '../../types/generated/HotspotView';

/** A hotspot placed on the frame being shown. */
type PlacedHotspot = { index: number; hotspot: HotspotView; x: number; y: number };

/** The hotspots with a position at `frame` (seed 000 s3: positions by angle; a frame
 *  without a position hides the hotspot), in their feed order. */
export function visibleHotspots(hotspots: HotspotView[], frame: number): PlacedHotspot[] {
  return hotspots.flatMap((hotspot, index) => {
    const at = hotspot.positions.find((p) => p.angle === frame);
    return at ? [{ index, hotspot, x: at.x, y: at.y }] : [];
  });
}

/** The hotspots of one frame of the spin or the interior view: a button at each point
 *  (named by its anchor) that opens and closes its description. One is open at a time;
 *  Escape closes it and leaves focus on its button; a hotspot that leaves the frame
 *  closes. `onUse` runs when the shopper focuses or opens one (the spin stops turning,
 *  so the button stays under the pointer). */
export function HotspotLayer({
  hotspots,
  frame,
  label,
  onUse,
}: {
  hotspots: HotspotView[];
  frame: number;
  label: string;
  onUse?: () => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const placed = visibleHotspots(hotspots, frame);
  const shown = open !== null && placed.some((p) => p.index === open) ? open : null;

  useEffect(() => {
    if (open !== null && shown === null) setOpen(null);
  }, [open, shown]);

  if (placed.length === 0) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'Escape' || shown === null) return;
    // Handled here, so a fullscreen view around the layer stays open.
    event.preventDefault();
    event.stopPropagation();
    buttons.current.get(shown)?.focus();
    setOpen(null);
  };
  return (
    <ul className="hotspots" aria-label={label} onKeyDown={onKeyDown}>
      {placed.map(({ index, hotspot, x, y }) => {
        const expanded = shown === index;
        const descriptionId = `${id}-${index}`;
        const classes = [
          'hotspot',
          x > 60 ? 'hotspot--from-right' : '',
          y > 60 ? 'hotspot--above' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={index} className={classes} style={{ '--x': x, '--y': y } as CSSProperties}>
            <button
              ref={(el) => {
                if (el) buttons.current.set(index, el);
                else buttons.current.delete(index);
              }}
              type="button"
              className="hotspot__button"
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onFocus={onUse}
              onClick={() => {
                setOpen(expanded ? null : index);
                if (!expanded) onUse?.();
              }}
            >
              <span className="hotspot__dot" aria-hidden="true">
                +
              </span>
              <span className="hotspot__label">{hotspot.label}</span>
            </button>
            <p id={descriptionId} className="hotspot__description" hidden={!expanded}>
              {hotspot.description}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
