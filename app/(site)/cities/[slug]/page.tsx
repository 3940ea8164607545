export {
  default,
  generatePlaceMetadata as generateMetadata,
  generatePlaceParams as generateStaticParams,
} from '@/site/pages/place-page';

export const dynamicParams = false;
