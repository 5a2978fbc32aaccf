import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Article } from './articles.ts';
import { helpIndex } from './help-index.ts';
import { useArticleTitle } from './use-help.ts';

/**
 * The search box of every help page. On the help centre's home it is controlled by the page, which shows the
 * results as one types and keeps the query in the URL (`help?q=…`); elsewhere it leads there on Enter.
 */
export function HelpSearchBox({ lang, value, onChange, onSubmit }: { lang: string; value?: string; onChange?: (query: string) => void; onSubmit?: () => void }) {
  const { t } = useTranslation('help');
  const id = useId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const shown = value ?? draft;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onSubmit) onSubmit();
    else navigate(shown.trim() ? `/${lang}/help?q=${encodeURIComponent(shown.trim())}` : `/${lang}/help`);
  };
  return (
    <form className="td-help-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="td-visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={shown}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        onChange={(e) => (onChange ? onChange(e.target.value) : setDraft(e.target.value))}
        data-testid="help-search-input"
      />
      <button type="submit" className="td-button td-button-primary" data-testid="help-search-submit">
        {t('search.submit')}
      </button>
    </form>
  );
}

/**
 * The query of the help centre's home: what is typed, shown at once, and written to the URL (replaced, so typing
 * leaves no trail in the history) when typing pauses or on Enter, so the search can be shared. A navigation that
 * is not the box's own (the crumb, back to a search) sets the box from the URL.
 */
export function useSearchQuery(): { query: string; setQuery: (query: string) => void; commit: () => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const inUrl = params.get('q') ?? '';
  const [query, setQuery] = useState(inUrl);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!(location.state as { typed?: boolean } | null)?.typed) setQuery(inUrl);
  }
  const write = useCallback(
    (next: string) => setParams(next.trim() ? { q: next.trim() } : {}, { replace: true, state: { typed: true } }),
    [setParams],
  );
  useEffect(() => {
    if (query.trim() === inUrl) return undefined;
    const timer = setTimeout(() => write(query), URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, inUrl, write]);
  return { query, setQuery, commit: () => write(query) };
}

const URL_DELAY_MS = 300;

/** The articles that match the query, best first, with their category and summary. */
export function HelpResults({ lang, query, articles }: { lang: string; query: string; articles: readonly Article[] }) {
  const { t } = useTranslation('help');
  const title = useArticleTitle();
  // Built once per language's articles and titles; a search of 18 articles then takes well under a millisecond.
  const index = useMemo(() => helpIndex(articles, (a) => title(a.id)), [articles, title]);
  const byId = useMemo(() => new Map(articles.map((a) => [a.id, a] as const)), [articles]);
  const hits = index.search(query).flatMap((hit) => byId.get(hit.id as Article['id']) ?? []);
  return (
    <section className="td-help-results" aria-labelledby="help-results-title" data-testid="help-results" data-count={hits.length}>
      <h2 id="help-results-title" role="status" aria-live="polite">
        {hits.length > 0 ? t('search.results', { count: hits.length, query }) : t('search.none', { query })}
      </h2>
      {hits.length > 0 ? (
        <ol className="td-help-list">
          {hits.map((article) => (
            <li key={article.id} data-testid="help-result" data-article={article.id}>
              <Link to={`/${lang}/help/${article.id}`}>{title(article.id)}</Link>
              <span className="td-help-result-category">{t(`categories.${article.category}.title`)}</span>
              <p>{article.description}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('search.tryAgain')}</p>
      )}
      <Link to={`/${lang}/help`} data-testid="help-search-clear">
        {t('search.clear')}
      </Link>
    </section>
  );
}
