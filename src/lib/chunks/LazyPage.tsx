import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../config/index.ts';
import { ChunkLoadError, loadChunk, retryLoader } from './chunk-loading.ts';
import './LazyPage.css';

type Loader<P extends object> = () => Promise<{ default: ComponentType<P> }>;

/** What a chunk needs besides its module, loaded in parallel with it (its locale namespaces); called again on a retry. */
export type Prepare = () => Promise<unknown>;

/** The module once `prepare` is done too, in parallel with it. */
function withPrepared<T>(load: () => Promise<T>, prepare?: Prepare): () => Promise<T> {
  return prepare ? () => Promise.all([load(), prepare()]).then(([module]) => module) : load;
}

/**
 * A route page (or a part of one: a panel, a section) loaded as its own chunk, with the 120 s time-out of spec §2
 * and a translated error naming the chunk, with a retry, when it fails (spec §8). Every lazy chunk of the app
 * loads through here, the router's lazy layout through `lazyRoute`. `prepare` (the page's locale namespaces) loads
 * in parallel with the chunk, under the same time-out and error, and the page renders only when both are in.
 */
export function lazyPage<P extends object = Record<string, never>>(chunk: string, load: Loader<P>, prepare?: Prepare): ComponentType<P> {
  const make = (loader: Loader<P>) => lazy(() => loadChunk(chunk, withPrepared(loader, prepare), config.chunkTimeoutMs));
  let Page = make(load);
  let retries = 0;
  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = (failure: ChunkLoadError) => {
      retries += 1;
      Page = make(retryLoader(load, failure, retries, window.location.origin));
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  LazyPage.displayName = `LazyPage(${chunk})`;
  return LazyPage;
}

/**
 * A router `lazy` route (react-router data routes) through the same loader: its module in `timeoutMs`, else a
 * ChunkLoadError naming the chunk, which the route's `errorElement` (ChunkRouteError) shows. The failure resolves
 * to a component that throws it: react-router keeps a rejected `lazy` and cuts the rendered matches at a route that
 * still has one, as if it were loading, so the page stayed blank and its errorElement never showed.
 */
export function lazyRoute(chunk: string, load: () => Promise<{ Component: ComponentType }>, prepare?: Prepare): () => Promise<{ Component: ComponentType }> {
  return () =>
    loadChunk(chunk, withPrepared(load, prepare), config.chunkTimeoutMs).catch((failure: unknown) => {
      function FailedChunk(): never {
        throw failure;
      }
      return { Component: FailedChunk };
    });
}

/** A route's `errorElement`: a chunk that failed or timed out is named, with a retry (a reload of the page). */
export function ChunkRouteError({ error }: { error: unknown }) {
  if (!(error instanceof ChunkLoadError)) throw error;
  return <ChunkErrorView error={error} onRetry={() => window.location.reload()} />;
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="td-page-loading" role="status" aria-live="polite">
      {t('chunk.loading')}
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: (failure: ChunkLoadError) => void;
}

class ChunkBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ChunkErrorView error={error} onRetry={() => this.props.onRetry(error)} />;
  }
}

/** The named load error of a chunk with its retry (spec §8): in place, as a route's error and for a failed preload. */
export function ChunkErrorView({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="td-chunk-error" role="alert" data-testid="chunk-error">
      <h2>{t('chunk.errorTitle')}</h2>
      <p>{t(error.reason === 'timeout' ? 'chunk.timeout' : 'chunk.failed', { chunk: error.chunk })}</p>
      <button type="button" onClick={onRetry}>
        {t('chunk.retry')}
      </button>
    </div>
  );
}
