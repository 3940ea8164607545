import { Fragment, type ReactNode } from 'react';
import { siteConfig } from '@/site/config/site-config';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import { parseInline, safeHref, type InlineNode } from '@/site/content/inline-marks';

const siteOrigin = URL.canParse(siteConfig.url) ? new URL(siteConfig.url).origin : undefined;

/** An http(s) link away from the site opens in a new tab, as the footer's and mentions' do. */
const isExternal = (href: string) => /^https?:/i.test(href) && new URL(href).origin !== siteOrigin;
const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

function render(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'link': {
        const href = safeHref(node.href);
        if (!href) return <Fragment key={index}>{render(node.children)}</Fragment>;
        return (
          <a key={index} href={href} {...(isExternal(href) ? newTab : {})}>
            {render(node.children)}
          </a>
        );
      }
      default: {
        // A mark's kind is its element's name: strong, em, u or s.
        const Mark = node.kind;
        return <Mark key={index}>{render(node.children)}</Mark>;
      }
    }
  });
}

/**
 * A paragraph or list item of the content, its placeholders filled and its inline marks
 * (`site/content/inline-marks.ts`) made elements: the only place content text becomes markup,
 * for the embedded store and Strapi alike. React escapes every text, so nothing is ever HTML.
 */
export function InlineText({ text }: { text: string }) {
  return <>{render(parseInline(fill(text)))}</>;
}
