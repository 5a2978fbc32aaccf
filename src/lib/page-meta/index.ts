import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../config/index.ts';

/**
 * A page's own document title and description meta (spec §2 start-up: the document title is translated; each
 * page has its own, in its language). The title is `page · product` in the page's language. Passive effects
 * run after the language root's layout effect that sets the product's title, so the page's title wins; on
 * leaving the page the product's title (in the language of that moment) and no description are left behind.
 */
export function usePageMeta(title: string | null, description: string | null): void {
  const { t, i18n } = useTranslation();
  const product = t(config.titleKey);
  useEffect(() => {
    if (title === null) return undefined;
    document.title = title ? `${title} · ${product}` : product;
    const meta = descriptionElement();
    meta.content = description ?? '';
    return () => {
      document.title = i18n.t(config.titleKey);
      descriptionElement().remove();
    };
  }, [title, description, product, i18n]);
}

function descriptionElement(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}
