import { renderToStaticMarkup } from 'react-dom/server';
import { Paragraphs } from '@/site/pages/parts/sections';

/** The inner HTML of the paragraph a content text renders to. */
export const paragraphHtml = (text: string) =>
  renderToStaticMarkup(<Paragraphs items={[text]} />).replace(
    /^<div class="prose"><p>|<\/p><\/div>$/g,
    '',
  );

/** The attributes of a link to another site. */
export const EXTERNAL = 'target="_blank" rel="noopener noreferrer"';
