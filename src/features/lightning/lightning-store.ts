import { createStore } from 'zustand/vanilla';
import { request } from '../../lib/api/request.ts';
import { tradeApi, type FeeRow } from '../trading/shared.ts';
import { DEFAULT_KEYBOARD, parseKeyboardConfig, serializeKeyboardConfig, type KeyboardConfig } from './hotkeys.ts';
import { STEP_MULTIPLES, type StepMultiple } from './ladder.ts';
import { activeIndexOf, parseSaved, type LightningConfig, type SavedConfig } from './lightning-configs.ts';

/** spec §3 "Lightning config" and its panels: mini screen, market panel, trade-data panel. */
export interface Panels {
  mini: boolean;
  market: boolean;
  tradeData: boolean;
}

export interface LightningState {
  list: SavedConfig[];
  activeIndex: number;
  fees: FeeRow[];
  keyboard: KeyboardConfig;
  /** the size the next one-click order uses (the active config's volume, or a preset) */
  volume: string;
  panels: Panels;
}

const PANELS_KEY = 'lightningPanels';

function readPanels(): Panels {
  try {
    const raw = JSON.parse(localStorage.getItem(PANELS_KEY) ?? 'null') as Partial<Panels> | null;
    return { mini: raw?.mini === true, market: raw?.market !== false, tradeData: raw?.tradeData !== false };
  } catch {
    return { mini: false, market: true, tradeData: true };
  }
}

export const lightningStore = createStore<LightningState>(() => ({
  list: [],
  activeIndex: -1,
  fees: [],
  keyboard: DEFAULT_KEYBOARD,
  volume: '',
  panels: readPanels(),
}));

export function activeConfig(s: LightningState): LightningConfig | null {
  return s.list[s.activeIndex]?.config ?? null;
}

// spec §7 lightning calls, typed from the contract (contract/lightning.ts)
const lightningApi = {
  list: () => request('/broker/lightning/queryLightningList', {}),
  add: (config: LightningConfig) => request('/broker/lightning/addLightning', { config: { ...config } }),
  del: (id: string) => request('/broker/lightning/delLightning', { id }),
  memory: (id: string | null) => request('/broker/lightning/memoryLightning', { id }),
};

export async function loadConfigs(): Promise<void> {
  const reply = await lightningApi.list();
  const list = reply.dataList.map(parseSaved).filter((c): c is SavedConfig => c !== null);
  const activeIndex = activeIndexOf(list, reply.activeId);
  lightningStore.setState({ list, activeIndex, volume: list[activeIndex]?.config.volume ?? lightningStore.getState().volume });
}

export async function addConfig(config: LightningConfig): Promise<void> {
  const { id } = await lightningApi.add(config);
  await lightningApi.memory(id);
  await loadConfigs();
}

export async function deleteConfig(id: string): Promise<void> {
  await lightningApi.del(id);
  await loadConfigs();
}

/** spec §7 memoryLightning: the server remembers the active configuration. */
export async function activate(index: number): Promise<void> {
  const entry = lightningStore.getState().list[index];
  if (!entry) return;
  lightningStore.setState({ activeIndex: index, volume: entry.config.volume });
  await lightningApi.memory(entry.id);
}

export async function loadFees(keyId: string): Promise<void> {
  lightningStore.setState({ fees: await tradeApi.fees(keyId) });
}

export async function loadKeyboard(): Promise<void> {
  const reply = await tradeApi.getKeyboardConfig();
  lightningStore.setState({ keyboard: parseKeyboardConfig(reply.configData) });
}

export async function saveKeyboard(keyboard: KeyboardConfig): Promise<void> {
  const reply = await tradeApi.updateKeyboardConfig(serializeKeyboardConfig(keyboard));
  lightningStore.setState({ keyboard: parseKeyboardConfig(reply.configData) });
}

export function setVolume(volume: string): void {
  lightningStore.setState({ volume });
}

export function togglePanel(panel: keyof Panels): void {
  const panels = { ...lightningStore.getState().panels, [panel]: !lightningStore.getState().panels[panel] };
  lightningStore.setState({ panels });
  try {
    localStorage.setItem(PANELS_KEY, JSON.stringify(panels));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** The ladder's step (per pair: a new pair starts from its own default) and the trader's recentre requests. */
export const ladderStore = createStore<{ symbol: string | null; multiple: StepMultiple | null; recentre: number }>(() => ({ symbol: null, multiple: null, recentre: 0 }));

const STEPS_KEY = 'lightningLadderSteps';
let savedSteps: Record<string, StepMultiple> | null = null;

function readSavedSteps(): Record<string, StepMultiple> {
  if (savedSteps) return savedSteps;
  savedSteps = {};
  try {
    const raw = JSON.parse(localStorage.getItem(STEPS_KEY) ?? 'null') as unknown;
    if (raw && typeof raw === 'object') {
      for (const [symbol, m] of Object.entries(raw)) if ((STEP_MULTIPLES as readonly unknown[]).includes(m)) savedSteps[symbol] = m as StepMultiple;
    }
  } catch {
    // unreadable: every pair starts from its default step
  }
  return savedSteps;
}

/** The step the trader last picked for a pair (kept across visits), or null: the ladder then picks one. */
export function savedStepMultiple(symbol: string): StepMultiple | null {
  return readSavedSteps()[symbol] ?? null;
}

/** Sets the ladder's step; `remember` (a trader's pick, not the automatic default) keeps it for the next visit. */
export function setStepMultiple(symbol: string, multiple: StepMultiple, remember = false): void {
  ladderStore.setState({ symbol, multiple });
  if (!remember) return;
  const steps = { ...readSavedSteps(), [symbol]: multiple };
  savedSteps = steps;
  try {
    localStorage.setItem(STEPS_KEY, JSON.stringify(steps));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** Forgets the remembered steps (tests, and a trader's reset). */
export function forgetStepMultiples(): void {
  savedSteps = null;
  try {
    localStorage.removeItem(STEPS_KEY);
  } catch {
    // nothing stored
  }
}

/** Asks the ladder to centre on the price now (Recentre button and hotkey). */
export function recentreLadder(): void {
  ladderStore.setState((s) => ({ recentre: s.recentre + 1 }));
}
