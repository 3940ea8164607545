import { siteConfig, telHref } from '@/site/config/site-config';
import { getContentSource } from '@/site/content/get-content-source';
import { NewsletterSlot } from './newsletter-slot';
import { Logo } from '@/site/shell/logo';

/**
 * The footer every page shares, in three tiers: the firm (home link, tagline, how to reach it,
 * the newsletter) beside the link groups; the offices by state; then social links and copyright.
 */
export async function SiteFooter() {
  const source = getContentSource();
  const [footer, social, offices] = await Promise.all([
    source.footer(),
    source.socialLinks(),
    source.officeGroups(),
  ]);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo light />
          <p className="site-footer__tagline">{footer.tagline}</p>
          <p className="site-footer__contact">
            <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a>
            <a href={`mailto:${siteConfig.infoEmail}`}>{siteConfig.infoEmail}</a>
          </p>
          <NewsletterSlot />
        </div>
        <nav aria-label="Footer" className="site-footer__groups">
          {footer.groups.map((group) => (
            <section key={group.title} className="footer-group" aria-label={group.title}>
              <h2 className="footer-group__title">
                {group.url ? <a href={group.url}>{group.title}</a> : group.title}
              </h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url}>{link.name}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {offices.length > 0 && (
          <section className="site-footer__offices" aria-labelledby="footer-offices">
            <h2 id="footer-offices" className="footer-group__title">
              Offices
            </h2>
            <ul>
              {offices.map((office) => (
                <li key={office.url}>
                  <a href={office.url}>{office.name}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="site-footer__bottom">
          <ul className="social-links" aria-label="Follow us">
            {social.map((link) => (
              <li key={link.network}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="site-footer__copyright">
            © {footer.copyrightYears} {siteConfig.brandName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
