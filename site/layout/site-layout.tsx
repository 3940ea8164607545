import type { ReactNode } from 'react';
import { SiteShell } from '@/site/shell/site-shell';

/**
 * The public pages' layout: the site's shell (header, footer and their islands) around each page.
 * The back office has a frame of its own (site/admin/admin-frame.tsx), so the shell is this route
 * group's and not the root layout's.
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteShell>{children}</SiteShell>;
}
