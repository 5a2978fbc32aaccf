import Decimal from 'decimal.js';
import { NAV_DECIMALS, UNIT_DECIMALS, unitsFor } from '../../../../contract/broker-nav.ts';
import {
  FLOW_DECIMALS,
  INVESTOR_NAME_MAX,
  INVESTOR_NAME_MIN,
  MAX_FLOW_AMOUNT,
  MAX_INTEREST_RATE,
  MAX_PERFORMANCE_FEE_RATE,
  MIN_SUBSCRIPTION_CEILING,
  MIN_SUBSCRIPTION_FLOOR,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NAME_MIN,
  RATE_DECIMALS,
} from '../../../../contract/broker-projects-rules.ts';
import type { FieldErrors, FieldIssue } from '../../../components/form/index.ts';
import { formatAmount } from '../../../lib/format/index.ts';
import { isEmailFormat } from '../../../lib/validation/index.ts';

// The checks the project screens make before any call (the sandbox checks the same again and answers a 400 naming the
// field): the terms of a new project (contract/broker-projects-rules.ts), the amount of a capital increase against the
// project's minimum subscription, the units or amount of a capital decrease against the holding, and the units a
// capital increase buys at the current NAV per unit (contract/broker-nav.ts, the sandbox's own arithmetic).

const issue = (key: string, params?: FieldIssue['params']): FieldIssue => (params ? { key: `broker-project:errors.${key}`, params } : { key: `broker-project:errors.${key}` });
const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d+)?$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A non-negative decimal typed by a person (no sign, no exponent, no separators) with at most `decimals` places. */
export function parseDecimal(text: string, decimals: number): Decimal | null {
  const value = text.trim();
  if (!DECIMAL.test(value)) return null;
  const d = new Decimal(value);
  return d.decimalPlaces() > decimals ? null : d;
}

/**
 * A percentage typed by a person ('5.25') as the fraction the contract takes ('0.0525', at most RATE_DECIMALS
 * places), or null when it is not a number from 0 to `maxFraction` × 100 with at most RATE_DECIMALS − 2 decimals.
 */
export function percentToFraction(text: string, maxFraction: string): string | null {
  const percent = parseDecimal(text, RATE_DECIMALS - 2);
  if (!percent) return null;
  const fraction = percent.div(100);
  return fraction.gt(maxFraction) ? null : fraction.toFixed();
}

/** A fraction of the contract ('0.0525') as a percentage with 2 decimals ('5.25%'): glossary "Numbers". */
export function fractionPercent(fraction: string): string {
  return `${new Decimal(fraction).mul(100).toFixed(2)}%`;
}

export interface ProjectTermsForm {
  name: string;
  description: string;
  exchangeCode: string;
  startDay: string;
  endDay: string;
  /** Percentages as typed. */
  interestRate: string;
  performanceFeeRate: string;
  minSubscription: string;
}
export type ProjectTermsField = keyof ProjectTermsForm;

/** The problems found, without the fields that have none. */
function clean<F extends string>(found: Partial<Record<F, FieldIssue | undefined>>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(found) as F[]) {
    const problem = found[key];
    if (problem) out[key] = problem;
  }
  return out;
}

const dayIssue = (day: string) => (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? undefined : issue('days.date'));

/** The terms of a new project (applyRecord/add type project). */
export function checkProjectTerms(form: ProjectTermsForm): FieldErrors<ProjectTermsField> {
  const name = form.name.trim().length;
  const min = parseDecimal(form.minSubscription, FLOW_DECIMALS);
  return clean<ProjectTermsField>({
    name: name < PROJECT_NAME_MIN || name > PROJECT_NAME_MAX ? issue('name', { min: PROJECT_NAME_MIN, max: PROJECT_NAME_MAX }) : undefined,
    description: form.description.trim().length > PROJECT_DESCRIPTION_MAX ? issue('description', { max: PROJECT_DESCRIPTION_MAX }) : undefined,
    exchangeCode: form.exchangeCode ? undefined : issue('exchange'),
    startDay: dayIssue(form.startDay),
    endDay: dayIssue(form.endDay) ?? (DAY.test(form.startDay) && form.endDay <= form.startDay ? issue('days.beforeStart') : undefined),
    interestRate: percentToFraction(form.interestRate, MAX_INTEREST_RATE) === null ? issue('rate', { max: new Decimal(MAX_INTEREST_RATE).mul(100).toFixed(), decimals: RATE_DECIMALS - 2 }) : undefined,
    performanceFeeRate:
      percentToFraction(form.performanceFeeRate, MAX_PERFORMANCE_FEE_RATE) === null ? issue('rate', { max: new Decimal(MAX_PERFORMANCE_FEE_RATE).mul(100).toFixed(), decimals: RATE_DECIMALS - 2 }) : undefined,
    minSubscription: !min || min.lt(MIN_SUBSCRIPTION_FLOOR) || min.gt(MIN_SUBSCRIPTION_CEILING) ? issue('minSubscription', { min: MIN_SUBSCRIPTION_FLOOR, max: MIN_SUBSCRIPTION_CEILING }) : undefined,
  });
}

/** A USDT amount of a capital flow: above zero, at most FLOW_DECIMALS places and MAX_FLOW_AMOUNT. */
export function checkFlowAmount(text: string): FieldIssue | undefined {
  const amount = parseDecimal(text, FLOW_DECIMALS);
  return amount && amount.gt(0) && amount.lte(MAX_FLOW_AMOUNT) ? undefined : issue('amount', { decimals: FLOW_DECIMALS });
}

/** A capital increase's amount: a flow amount, not below the project's minimum subscription. */
export function checkIncreaseAmount(text: string, minSubscription: string | undefined): FieldIssue | undefined {
  const shape = checkFlowAmount(text);
  if (shape) return shape;
  return minSubscription && new Decimal(text.trim()).lt(minSubscription) ? issue('belowMinimum', { min: new Decimal(minSubscription).toFixed() }) : undefined;
}

/** The units a capital increase of `amountText` buys at `nav` (rounded down, as the sandbox does), or null for a bad amount. */
export function unitsPreview(amountText: string, nav: string | undefined): string | null {
  if (!nav || checkFlowAmount(amountText)) return null;
  return unitsFor(amountText.trim(), nav).toFixed(UNIT_DECIMALS);
}

/** A new investor's name and e-mail. */
export function checkNewInvestor(name: string, email: string): FieldErrors<'investorName' | 'investorEmail'> {
  const length = name.trim().length;
  return clean<'investorName' | 'investorEmail'>({
    investorName: length < INVESTOR_NAME_MIN || length > INVESTOR_NAME_MAX ? issue('investorName', { min: INVESTOR_NAME_MIN, max: INVESTOR_NAME_MAX }) : undefined,
    investorEmail: isEmailFormat(email.trim()) ? undefined : issue('email'),
  });
}

export type RedeemBy = 'units' | 'amount';

/** What a capital decrease asks for: units (not more than held) or a USDT amount. */
export function checkRedeem(by: RedeemBy, text: string, heldUnits: string | undefined): FieldIssue | undefined {
  if (by === 'amount') return checkFlowAmount(text);
  const units = parseDecimal(text, UNIT_DECIMALS);
  if (!units || units.lte(0)) return issue('units', { decimals: UNIT_DECIMALS });
  return heldUnits !== undefined && units.gt(heldUnits) ? issue('moreThanHeld', { units: new Decimal(heldUnits).toFixed() }) : undefined;
}

/** A NAV per unit as shown: NAV_DECIMALS places, thousands separated. */
export function formatNav(nav: string): string {
  return formatAmount(nav, NAV_DECIMALS);
}

/** Units as shown: UNIT_DECIMALS places, thousands separated. */
export function formatUnits(units: string): string {
  return formatAmount(units, UNIT_DECIMALS);
}

/** The errors without the one of `field` (the person changed it). */
export function dropError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
