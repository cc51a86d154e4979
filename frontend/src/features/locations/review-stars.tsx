import type { RatingView } from '../../types/generated/RatingView';

/** How much of each of the five stars is filled: the whole stars (up to 4), then the
 *  partial star with its one-decimal fill, then empty stars (seed 001 s9). */
export function starFills(rating: RatingView): number[] {
  const whole = Math.max(0, Math.min(4, rating.stars.whole));
  const partial = Math.max(0, Math.min(1, rating.stars.partial));
  return Array.from({ length: 5 }, (_, i) => (i < whole ? 1 : i === whole ? partial : 0));
}

/** Five stars drawn from the rating, read out as its text ("4.6 out of 5"). */
export function ReviewStars({
  rating,
  size = 'normal',
}: {
  rating: RatingView;
  size?: 'normal' | 'small';
}) {
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={rating.label}>
      {starFills(rating).map((fill, i) => (
        <span key={i} className="stars__star" aria-hidden="true">
          <span
            className="stars__fill"
            style={{ width: `${Math.round(fill * 100)}%` }}
            data-fill={fill}
          />
        </span>
      ))}
    </span>
  );
}
