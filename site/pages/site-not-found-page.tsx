import { SiteShell } from '@/site/shell/site-shell';
import NotFoundPage from './not-found-page';

export { metadata } from './not-found-page';

/**
 * The 404 of any address: a URL no route matches, a page that calls `notFound()` and a staff page
 * a visitor may not see. It replaces every layout below the root, so it brings the site's shell.
 */
export default function SiteNotFoundPage() {
  return (
    <SiteShell>
      <NotFoundPage />
    </SiteShell>
  );
}
