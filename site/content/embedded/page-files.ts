/**
 * Every `content/pages/*.json` file, imported statically so the data is bundled into the
 * build (prerendering and the server-rendered search need no file system at run time).
 * A unit test fails when a file in the folder is missing here.
 */
import about from '@/content/pages/about.json';
import businessPlans from '@/content/pages/business-plans.json';
import careers from '@/content/pages/careers.json';
import consulting from '@/content/pages/consulting.json';
import financingFooter from '@/content/pages/financing-footer.json';
import financing from '@/content/pages/financing.json';
import fixed from '@/content/pages/fixed.json';
import legal from '@/content/pages/legal.json';
import marketData from '@/content/pages/market-data.json';
import technology from '@/content/pages/technology.json';

export const pageFiles: Record<string, unknown> = {
  'content/pages/about.json': about,
  'content/pages/business-plans.json': businessPlans,
  'content/pages/careers.json': careers,
  'content/pages/consulting.json': consulting,
  'content/pages/financing-footer.json': financingFooter,
  'content/pages/financing.json': financing,
  'content/pages/fixed.json': fixed,
  'content/pages/legal.json': legal,
  'content/pages/market-data.json': marketData,
  'content/pages/technology.json': technology,
};
