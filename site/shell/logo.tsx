import Link from 'next/link';
import { siteConfig } from '@/site/config/site-config';

/** The firm's logo linking home; header and footer share it (`light` on dark backgrounds). */
export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link
      className={light ? 'logo logo--light' : 'logo'}
      href="/"
      prefetch={false}
      aria-label={`${siteConfig.brandName} home`}
    >
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__text">{siteConfig.brandName}</span>
    </Link>
  );
}
