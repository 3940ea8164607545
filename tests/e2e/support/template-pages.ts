/** One page of each content template, for the tests that go over every template. */
export const templatePages = [
  { template: 'home', path: '/' },
  { template: 'fixed page', path: '/contact-us' },
  { template: 'policy (fixed page)', path: '/privacy-policy' },
  { template: 'division', path: '/financing' },
  { template: 'service', path: '/consulting/strategy' },
  { template: 'city', path: '/cities/manhattan' },
  { template: 'insight', path: '/insights/raising-capital-for-a-start-up' },
  { template: 'media mention', path: '/media-mentions/larkspur-business-review-sba-plans' },
  { template: 'search results', path: '/search?search=sba' },
];
