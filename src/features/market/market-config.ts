import { createStore } from 'zustand/vanilla';
import type { MarketLabel, MarketSection } from '../../../contract/market-config.ts';
import { type Reply, request } from '../../lib/api/request.ts';
import type { Pair } from './pair.ts';

/**
 * The market page's sections and labels (spec §7 /market/configure/list, labelList; §6 "market configuration", a
 * public call): the tabs in the configured order, and label filters over the rows' base assets. Until the reply
 * comes (or if it fails) the page shows the three sections in their usual order and no labels.
 */
export type SectionRow = Reply<'/market/configure/list'>[number];
export type LabelRow = Reply<'/market/configure/labelList'>[number];

export const DEFAULT_SECTIONS: readonly MarketSection[] = ['spot', 'usdm', 'favourites'];

export interface MarketConfigState {
  sections: readonly MarketSection[];
  labels: readonly LabelRow[];
}

export const marketConfigStore = createStore<MarketConfigState>(() => ({ sections: DEFAULT_SECTIONS, labels: [] }));

/** The visible sections by their sort; none configured: the defaults. */
export function sectionTabs(rows: readonly SectionRow[]): MarketSection[] {
  const visible = rows.filter((r) => r.visible).sort((a, b) => a.sort - b.sort).map((r) => r.section);
  return visible.length > 0 ? visible : [...DEFAULT_SECTIONS];
}

/** The pairs a label keeps (null: all); a label not configured keeps all. */
export function filterByLabel(pairs: readonly Pair[], label: MarketLabel | null, labels: readonly LabelRow[]): Pair[] {
  const row = label === null ? undefined : labels.find((l) => l.label === label);
  if (!row) return [...pairs];
  const assets = new Set(row.assets);
  return pairs.filter((p) => assets.has(p.baseAsset));
}

let loading: Promise<void> | null = null;

/** Loads once per page load; a failure keeps the defaults (the page works without it). */
export function loadMarketConfig(): Promise<void> {
  loading ??= Promise.all([
    request('/market/configure/list', undefined, { silent: true }),
    request('/market/configure/labelList', undefined, { silent: true }),
  ])
    .then(([sections, labels]) => {
      marketConfigStore.setState({ sections: sectionTabs(sections), labels: [...labels].sort((a, b) => a.sort - b.sort) });
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}
