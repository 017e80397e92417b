import type { LayoutSeo } from '../../../common/src/api/layouts.ts';

/**
 * Replaces the `data-seo` head tags (meta description, Open Graph, canonical link, JSON-LD) with a
 * layout's, after a client-side navigation. Only called from effects (never during render).
 */
export function applySeo(seo: LayoutSeo): void {
  const head = document.head;
  for (const element of Array.from(head.querySelectorAll('[data-seo]'))) {
    element.remove();
  }
  const add = (tag: string, attributes: Record<string, string>, text?: string) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute('data-seo', '');
    if (text !== undefined) element.textContent = text;
    head.appendChild(element);
  };
  if (seo.description !== '') add('meta', { name: 'description', content: seo.description });
  for (const meta of seo.meta) {
    if (meta.property !== undefined) add('meta', { property: meta.property, content: meta.content });
    else if (meta.name !== undefined) add('meta', { name: meta.name, content: meta.content });
  }
  for (const { rel, href, type, title } of seo.links)
    add('link', { rel, href, ...(type === undefined ? {} : { type }), ...(title === undefined ? {} : { title }) });
  for (const item of seo['json-ld']) add('script', { type: 'application/ld+json' }, JSON.stringify(item));
}
