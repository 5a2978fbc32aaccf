import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { brokerShellApi, type BrokerAsset, type BrokerProjectOption, type ExchangeConfig } from './api.ts';

/**
 * spec §3 "Broker lookup": exchangeList, projectList and assetList, each replaced by its reply's data, or by an
 * empty list when the reply has none (or the call failed). Exchange options carry icon, value (exchangeCode) and
 * label (exchangeName lower-cased) beside the original fields.
 */
export type ExchangeOption = ExchangeConfig & { value: ExchangeConfig['exchangeCode']; label: string };
/** A project of the broker as GET /broker/project lists it (spec §3 projectList): number, name, state, exchange, primary sub-account. */
export type BrokerProject = BrokerProjectOption;

export interface BrokerLookupState {
  exchangeList: ExchangeOption[];
  projectList: BrokerProject[];
  assetList: BrokerAsset[];
  loaded: boolean;
}

const empty = (): BrokerLookupState => ({ exchangeList: [], projectList: [], assetList: [], loaded: false });
export const brokerLookup = createStore<BrokerLookupState>(empty);

export function toExchangeOption(config: ExchangeConfig): ExchangeOption {
  return { ...config, value: config.exchangeCode, label: config.exchangeName.toLowerCase() };
}

/** The reply's list, or an empty list for anything that is not one (spec §3 "or by an empty list if none"). */
const listOf = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

export function setExchangeList(data: ExchangeConfig[] | null | undefined): void {
  brokerLookup.setState({ exchangeList: listOf(data).map(toExchangeOption) });
}
export function setAssetList(data: BrokerAsset[] | null | undefined): void {
  brokerLookup.setState({ assetList: listOf(data) });
}
export function setProjectList(data: BrokerProject[] | null | undefined): void {
  brokerLookup.setState({ projectList: listOf(data) });
}

/**
 * Loads the lookups (spec §7 "Downloads": the store reads listAllExchangeConfig, project and asset/listAll). A
 * failed call leaves its list empty.
 */
export async function loadBrokerLookups(): Promise<void> {
  const [exchanges, assets, projects] = await Promise.allSettled([brokerShellApi.exchanges(), brokerShellApi.assets(), brokerShellApi.projects()]);
  setExchangeList(exchanges.status === 'fulfilled' ? exchanges.value : null);
  setAssetList(assets.status === 'fulfilled' ? assets.value : null);
  setProjectList(projects.status === 'fulfilled' ? projects.value : null);
  brokerLookup.setState({ loaded: true });
}

/** Reads GET /broker/project again (after a project is made): its reply replaces projectList, a failure empties it. */
export async function refreshProjectList(): Promise<void> {
  try {
    setProjectList(await brokerShellApi.projects());
  } catch {
    setProjectList(null);
  }
}

export function resetBrokerLookups(): void {
  brokerLookup.setState(empty());
}

export function useBrokerLookup<T>(selector: (state: BrokerLookupState) => T): T {
  return useStore(brokerLookup, selector);
}
