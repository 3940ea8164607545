export {
  default,
  generateInsightMetadata as generateMetadata,
  generateInsightParams as generateStaticParams,
} from '@/site/pages/insight-page';

export const dynamicParams = false;
