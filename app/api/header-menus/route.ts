export { GET } from '@/site/shell/header/header-menus';

// Written at build time with the pages, from the same content source.
export const dynamic = 'force-static';
