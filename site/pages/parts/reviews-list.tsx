import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import type { Review } from '@/site/content/page-types';

/** Client testimonials: first name and initial, company type, the service used, the text. */
export function ReviewsList({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="reviews">
      {reviews.map((review, index) => (
        <li key={index} className="review">
          <figure>
            <blockquote>
              <p>{fill(review.text)}</p>
            </blockquote>
            <figcaption>
              <strong>{review.name}</strong>, {review.companyType}
              <br />
              <span className="review__service">
                Service: <a href={review.servicePath}>{review.service}</a>
              </span>
              <span className="review__rating"> · Rated {review.rating} out of 5</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
