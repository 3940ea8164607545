// The public pages' frame: the site's shell. The back office has its own (site/admin/admin-frame.tsx).
export { SiteShell as default } from '@/site/shell/site-shell';
