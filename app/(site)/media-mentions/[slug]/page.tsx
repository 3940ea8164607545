export {
  default,
  generateMentionMetadata as generateMetadata,
  generateMentionParams as generateStaticParams,
} from '@/site/pages/media-mention-page';

export const dynamicParams = false;
