import { claims, siteConfig, telHref } from '@/site/config/site-config';
import { pageMetadata } from '@/site/seo/page-metadata';

export const metadata = pageMetadata({ path: '/' });

export default function HomePage() {
  return (
    <main id="main">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <p className="eyebrow">Business consulting and financing</p>
          <h1 id="hero-title">{siteConfig.brandName}</h1>
          <p className="hero__lead">
            Capital, investor-ready plans and hands-on consulting for founders and growing companies
            — {claims.raised} for clients across {claims.industries}, with {claims.speed}.
          </p>
          <p className="hero__actions">
            <a className="button" href={`mailto:${siteConfig.infoEmail}`}>
              Email {siteConfig.infoEmail}
            </a>
            <a className="button button--ghost" href={telHref(siteConfig.phone)}>
              Call {siteConfig.phone}
            </a>
          </p>
        </div>
      </section>
      <section className="container claims" aria-label="At a glance">
        <ul className="claims__list">
          <li>
            <strong>$650M+</strong>
            <span>raised for our clients</span>
          </li>
          <li>
            <strong>150+</strong>
            <span>industries served</span>
          </li>
          <li>
            <strong>3 days</strong>
            <span>for a business plan, at the fastest</span>
          </li>
        </ul>
      </section>
    </main>
  );
}
