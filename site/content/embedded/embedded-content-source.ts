/**
 * The embedded content store: `content/*.json`, validated once when this module loads
 * (that is, during `next build`), so a malformed file stops the build with the file
 * name and a JSON pointer.
 */
import navigationJson from '@/content/navigation.json';
import industriesJson from '@/content/industries.json';
import officesJson from '@/content/offices.json';
import languagesJson from '@/content/languages.json';
import footerJson from '@/content/footer.json';
import searchPanelJson from '@/content/search-panel.json';
import type { ContentSource } from '../content-source';
import type { SocialLink } from '../content-types';
import {
  footerFileSchema,
  industriesFileSchema,
  languagesFileSchema,
  navigationFileSchema,
  officesFileSchema,
  searchPanelFileSchema,
} from './content-schemas';
import { parseContentFile } from './parse-content-file';
import { createEmbeddedPageContent } from './embedded-pages';

export const embeddedContent = {
  navigation: parseContentFile('content/navigation.json', navigationFileSchema, navigationJson),
  industries: parseContentFile(
    'content/industries.json',
    industriesFileSchema,
    industriesJson,
  ).industries.map(({ name, slug }) => ({ name, slug })),
  offices: parseContentFile('content/offices.json', officesFileSchema, officesJson),
  languages: parseContentFile('content/languages.json', languagesFileSchema, languagesJson),
  footer: parseContentFile('content/footer.json', footerFileSchema, footerJson),
  searchPanel: parseContentFile(
    'content/search-panel.json',
    searchPanelFileSchema,
    searchPanelJson,
  ),
};

export interface EmbeddedOptions {
  /** The firm's social profiles, from configuration. */
  socialLinks: SocialLink[];
}

export function createEmbeddedContentSource(options: EmbeddedOptions): ContentSource {
  const { megaMenu, topBar, mobileMenu, buttons } = embeddedContent.navigation;
  return {
    ...createEmbeddedPageContent(),
    kind: 'embedded',
    navigation: () => Promise.resolve({ megaMenu, topBar, mobileMenu }),
    navigationButtons: () => Promise.resolve(buttons),
    industries: () => Promise.resolve(embeddedContent.industries),
    officeGroups: () => Promise.resolve(embeddedContent.offices),
    languages: () => Promise.resolve(embeddedContent.languages),
    footer: () => Promise.resolve(embeddedContent.footer),
    searchPanel: () => Promise.resolve(embeddedContent.searchPanel),
    socialLinks: () => Promise.resolve(options.socialLinks),
  };
}
