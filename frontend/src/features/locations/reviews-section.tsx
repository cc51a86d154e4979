import type { ReviewsView } from '../../types/generated/ReviewsView';
import { formatWhole } from '../../lib/number-format';
import { ReviewStars } from './review-stars';

/** The reviews of a location: the aggregate (stars, "4.6 out of 5", count), then the
 *  reviews at or above the site's minimum rating with the dealer's replies. */
export function ReviewsSection({
  reviews,
  dealerName,
}: {
  reviews: ReviewsView;
  dealerName: string;
}) {
  const { rating } = reviews;
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Customer Reviews</h2>
      <p className="reviews__aggregate">
        <ReviewStars rating={rating} />
        <span className="reviews__average" aria-hidden="true">
          {rating.average.toFixed(1)}
        </span>
        <span className="reviews__count">
          {formatWhole(rating.count)} {rating.count === 1 ? 'review' : 'reviews'}
        </span>
      </p>
      {reviews.reviews.length > 0 ? (
        <ul className="reviews__list">
          {reviews.reviews.map((review) => (
            <li key={review.id} className="review">
              <p className="review__head">
                <strong>{review.customer_name}</strong>
                <ReviewStars rating={review.rating} size="small" />
                <span className="review__date">{review.date}</span>
              </p>
              {review.text ? <p className="review__text">{review.text}</p> : null}
              {review.reply_text ? (
                <div className="review__reply">
                  <p className="review__reply-head">
                    Reply from {dealerName}
                    {review.reply_date ? (
                      <span className="review__date"> {review.reply_date}</span>
                    ) : null}
                  </p>
                  <p>{review.reply_text}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
