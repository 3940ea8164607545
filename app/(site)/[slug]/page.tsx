export {
  default,
  generateContentMetadata as generateMetadata,
  generateStaticParams1 as generateStaticParams,
} from '@/site/pages/content-route';

// Only the content's paths exist: any other slug answers a real 404.
export const dynamicParams = false;
