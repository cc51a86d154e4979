import type { SpinPrizeView } from '../../../types/generated/SpinPrizeView';

/** Segment colours, cycled; the prize table shows each prize's swatch. */
export const SEGMENT_COLOURS = ['#0b3d91', '#e4a700', '#2e7d32', '#c62828', '#6a1b9a', '#00838f'];

/** The point at `fraction` of a turn clockwise from the top on a circle of radius `r`. */
function point(fraction: number, r: number): [number, number] {
  const angle = fraction * 2 * Math.PI;
  return [r * Math.sin(angle), -r * Math.cos(angle)];
}

/** The prize wheel: one segment per prize, as wide as its odds, turned by `turn` degrees.
 *  It is a picture of the table beside it (which names the prizes and their odds), so it
 *  is hidden from assistive technology. */
export function PrizeWheel({
  prizes,
  turn,
  onTurned,
}: {
  prizes: SpinPrizeView[];
  turn: number;
  onTurned: () => void;
}) {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  // Each segment starts where the weights before it end.
  const starts = prizes.map((_, i) => prizes.slice(0, i).reduce((sum, p) => sum + p.weight, 0));
  const segments = prizes.map((prize, i) => {
    const before = starts[i] ?? 0;
    const from = before / total;
    const to = (before + prize.weight) / total;
    const [x1, y1] = point(from, 95);
    const [x2, y2] = point(to, 95);
    const large = to - from > 0.5 ? 1 : 0;
    return (
      <path
        key={`${i}-${prize.label}`}
        d={`M0 0 L${x1.toFixed(3)} ${y1.toFixed(3)} A95 95 0 ${large} 1 ${x2.toFixed(3)} ${y2.toFixed(3)} Z`}
        fill={SEGMENT_COLOURS[i % SEGMENT_COLOURS.length]}
        stroke="#fff"
        strokeWidth="1.5"
      />
    );
  });
  return (
    <div className="prize-wheel" aria-hidden="true">
      <svg className="prize-wheel__pointer" viewBox="0 0 20 20" width="28" height="28">
        <path d="M0 0 H20 L10 18 Z" fill="#1a1a1a" />
      </svg>
      <svg
        className="prize-wheel__disc"
        viewBox="-100 -100 200 200"
        style={{ transform: `rotate(${turn}deg)` }}
        onTransitionEnd={onTurned}
      >
        <circle r="99" fill="#fff" stroke="#1a1a1a" strokeWidth="2" />
        {segments}
        <circle r="12" fill="#fff" stroke="#1a1a1a" strokeWidth="2" />
      </svg>
    </div>
  );
}
