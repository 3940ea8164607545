/**
 * What a founder checks before answering the questionnaire, beside it: the firm's three claims
 * (the only ones the spec allows), how clients rate it (from the reviews themselves) and where
 * it was featured. Plain server HTML.
 */
import { claims } from '@/site/config/site-config';
import { PageLink } from './page-link';

export function TrustSignals({ reviews, outlets }: { reviews: number[]; outlets: string[] }) {
  const average = reviews.length > 0 ? reviews.reduce((a, b) => a + b, 0) / reviews.length : 0;
  return (
    <div className="trust">
      <ul className="trust__figures" aria-label="The firm in figures">
        <li>
          <strong>$650M+</strong> <span>{claims.raised}</span>
        </li>
        <li>
          <strong>150+</strong> <span>{claims.industries} served</span>
        </li>
        <li>
          <strong>3 days</strong> <span>{claims.speed}</span>
        </li>
      </ul>
      {reviews.length > 0 && (
        <p className="trust__rating">
          <span aria-hidden="true">★★★★★</span> Rated {average.toFixed(1)} out of 5 by{' '}
          <PageLink href="/reviews">{reviews.length} clients</PageLink>
        </p>
      )}
      {outlets.length > 0 && <p className="trust__press">Featured in {outlets.join(', ')}</p>}
    </div>
  );
}
