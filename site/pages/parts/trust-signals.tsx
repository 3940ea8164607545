/**
 * What a founder checks before answering the questionnaire, beside it: the firm's three claims
 * (the only ones the spec allows), how clients rate it (from the reviews themselves) and where
 * it was featured. Plain server HTML.
 */
import { claimFigures } from '@/site/config/site-config';
import { PageLink } from './page-link';

export function TrustSignals({ reviews, outlets }: { reviews: number[]; outlets: string[] }) {
  const average = reviews.length > 0 ? reviews.reduce((a, b) => a + b, 0) / reviews.length : 0;
  return (
    <div className="trust">
      <ClaimFigures className="trust__figures" label="The firm in figures" />
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

/** The firm's three figures (the hero's trust signals, the home overview). */
export function ClaimFigures({ className, label }: { className: string; label: string }) {
  return (
    <ul className={className} aria-label={label}>
      {claimFigures.map(({ figure, text }) => (
        <li key={figure}>
          <strong>{figure}</strong> <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
