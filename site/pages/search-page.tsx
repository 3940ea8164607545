// The search route's page: results rendered on the server (see search-results-page.tsx).
export { default, metadata } from './search-results-page';
