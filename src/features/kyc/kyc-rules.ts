// KYC levels, states and what each unlocks (spec §4 KYC states, §6 roles and permissions).

import type { ReplyOf } from '../../../contract/call.ts';
import type { KycCalls } from '../../../contract/kyc.ts';
import { KYC_DOCUMENT_MAX_AGE_MONTHS, KYC_DOCUMENTS } from '../../../contract/rules.ts';
import type { KycLevel, KycStatus } from '../../../contract/rules.ts';

export type { KycLevel, KycStatus };

/** GET /institution/kyc/status (contract/kyc.ts): each level's state. */
export type KycState = ReplyOf<KycCalls['/institution/kyc/status']>;
export type KycLevelState = KycState[KycLevel];

export const KYC_LEVELS: readonly KycLevel[] = ['basic', 'advanced'];

/** Documents each level asks for (every one is required): the one list of contract/kyc.ts. */
export const REQUIRED_DOCUMENTS = KYC_DOCUMENTS;
/** spec §9: how recent each dated document must be, as its label states (3 or 6 months). */
export { KYC_DOCUMENT_MAX_AGE_MONTHS };

/** spec §6: basic (coin) unlocks crypto deposit, withdrawal and convert; advanced (fiat) unlocks fiat and OTC. */
export const UNLOCKS: Record<KycLevel, readonly string[]> = {
  basic: ['cryptoDeposit', 'cryptoWithdraw', 'cryptoConvert'],
  advanced: ['fiatDeposit', 'fiatWithdraw', 'fiatConvert', 'otc'],
};

/** What a level's screen offers: a form, a wait, the result, or nothing until basic is done (advanced builds on basic). */
export type LevelView = 'form' | 'review' | 'certified' | 'locked';

export function levelView(state: KycState, level: KycLevel): LevelView {
  const status = state[level].status;
  if (status === 'Certified') return 'certified';
  if (status === 'review') return 'review';
  if (level === 'advanced' && state.basic.status !== 'Certified') return 'locked';
  return 'form';
}

export interface KycForm {
  companyName: string;
  registrationNumber: string;
  countryCode: string;
}

export interface KycIssue {
  key: string;
  params?: Record<string, string | number>;
}

const HAN = /\p{Script=Han}/u;
const REGISTRATION = /^[A-Za-z0-9\-/ ]{1,50}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** spec §5: company name without Chinese; the registration number and country as the sandbox accepts them. */
export function validateKycForm(form: KycForm, files: Record<string, unknown>, level: KycLevel): Record<string, KycIssue> {
  const issues: Record<string, KycIssue> = {};
  const company = form.companyName.trim();
  if (company === '') issues['companyName'] = { key: 'validation:errors.companyNameRequired' };
  else if (HAN.test(company)) issues['companyName'] = { key: 'validation:errors.companyNameChinese' };
  if (!REGISTRATION.test(form.registrationNumber.trim())) issues['registrationNumber'] = { key: 'kyc:errors.registrationNumber' };
  if (!COUNTRY.test(form.countryCode.trim())) issues['countryCode'] = { key: 'kyc:errors.countryCode' };
  for (const type of REQUIRED_DOCUMENTS[level]) if (!files[type]) issues[type] = { key: 'validation:errors.imageRequired' };
  return issues;
}
