/**
 * One page per template of the site: what `npm run audit` measures, `npm run screenshots`
 * pictures and the browser tests that go over every template visit. `content`: a content template (its JavaScript budget is the content pages' one).
 */
export const templatePages: readonly { template: string; path: string; content: boolean }[] = [
  { template: 'home', path: '/', content: false },
  { template: 'fixed page', path: '/contact-us', content: true },
  { template: 'policy (fixed page)', path: '/privacy-policy', content: true },
  { template: 'division', path: '/financing', content: true },
  { template: 'service', path: '/consulting/strategy', content: true },
  { template: 'city', path: '/cities/manhattan', content: true },
  { template: 'insight', path: '/insights/raising-capital-for-a-start-up', content: true },
  {
    template: 'media mention',
    path: '/media-mentions/larkspur-business-review-sba-plans',
    content: true,
  },
  { template: 'search results', path: '/search?search=sba', content: true },
  { template: 'careers', path: '/careers', content: true },
];
