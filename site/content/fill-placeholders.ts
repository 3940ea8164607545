import { siteConfig, type SiteConfig } from '@/site/config/site-config';

/** The placeholders copy may use; anything else in braces is a content error. */
export const placeholderNames = ['brand', 'phone', 'email', 'careersEmail'] as const;

const pattern = /\{(brand|phone|email|careersEmail)\}/g;

/** Substitutes `{brand}`, `{phone}`, `{email}` and `{careersEmail}` from the configuration. */
export function fillPlaceholders(text: string, config: SiteConfig = siteConfig): string {
  return text.replace(pattern, (_match, name: string) => {
    switch (name) {
      case 'brand':
        return config.brandName;
      case 'phone':
        return config.phone;
      case 'email':
        return config.infoEmail;
      default:
        return config.careersEmail;
    }
  });
}
