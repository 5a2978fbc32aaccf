import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { Code } from '../../../../contract/codes.ts';
import { MAX_INTEREST_RATE, MAX_PROJECT_DAYS, MAX_START_AHEAD_DAYS, MAX_PERFORMANCE_FEE_RATE, MIN_SUBSCRIPTION_CEILING, MIN_SUBSCRIPTION_FLOOR, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_NAME_MIN, FLOW_DECIMALS, INVESTOR_NAME_MAX, INVESTOR_NAME_MIN, RATE_DECIMALS } from '../../../../contract/broker-projects-rules.ts';
import { UNIT_DECIMALS } from '../../../../contract/broker-nav.ts';
import { errorData, isApiError } from '../../../lib/api/index.ts';
import { describeError, type FormError } from '../../account/shared.ts';

/** What the sandbox says of a start or end day (server/broker/projects/create.ts). */
const DAY_RULES = ['date', 'past', 'tooFar', 'beforeStart', 'tooLong'];
const percent = (fraction: string) => new Decimal(fraction).mul(100).toFixed();

/**
 * The words of a 400 that names a field of the project calls (contract/broker-projects.ts: the shape checks and the
 * range checks after them), in the person's language rather than the server's English.
 */
function fieldMessage(t: TFunction, field: string, rule: string): string | null {
  const rate = (max: string) => t('broker-project:errors.rate', { max: percent(max), decimals: RATE_DECIMALS - 2 });
  switch (field) {
    case 'name':
      return t('broker-project:errors.name', { min: PROJECT_NAME_MIN, max: PROJECT_NAME_MAX });
    case 'description':
      return t('broker-project:errors.description', { max: PROJECT_DESCRIPTION_MAX });
    case 'exchangeCode':
      return rule === 'noMasterApi' || rule === 'kindNotOffered' ? t('broker-project:errors.exchangeNoProjects') : t('broker-project:errors.exchange');
    case 'startDay':
    case 'endDay':
      return t(`broker-project:errors.days.${DAY_RULES.includes(String(rule)) ? String(rule) : 'date'}`, { ahead: MAX_START_AHEAD_DAYS, max: MAX_PROJECT_DAYS });
    case 'interestRate':
      return rate(MAX_INTEREST_RATE);
    case 'performanceFeeRate':
      return rate(MAX_PERFORMANCE_FEE_RATE);
    case 'minSubscription':
      return t('broker-project:errors.minSubscription', { min: MIN_SUBSCRIPTION_FLOOR, max: MIN_SUBSCRIPTION_CEILING });
    case 'amount':
      return t('broker-project:errors.amount', { decimals: FLOW_DECIMALS });
    case 'units':
      return t('broker-project:errors.units', { decimals: UNIT_DECIMALS });
    case 'investor.name':
    case 'investorName':
      return t('broker-project:errors.investorName', { min: INVESTOR_NAME_MIN, max: INVESTOR_NAME_MAX });
    case 'investor.email':
    case 'investorEmail':
    case 'email':
      return t('broker-project:errors.email');
    default:
      return null;
  }
}

/** The form's name of a field the server names (a new investor's fields are nested). */
const FIELD_NAMES: Record<string, string> = { 'investor.name': 'investorName', 'investor.email': 'investorEmail', email: 'investorEmail', name: 'name' };

/**
 * A refusal of the project calls (contract/broker-projects-rules.ts PROJECT_CODES 10455–10463, 400 naming a field,
 * 403, 404), with the field it belongs beside where there is one; the second factor's refusals (wrong or expired
 * e-mail code, wrong Google code) and anything else as the account screens describe them.
 */
export function describeProjectError(t: TFunction, error: unknown): FormError {
  if (!isApiError(error)) return describeError(t, error);
  const on = (field: string | null, message: string): FormError => ({ field, message });
  switch (error.code) {
    case Code.badRequest: {
      const data = errorData(error, Code.badRequest);
      const field = data?.field ?? null;
      const message = data && field ? fieldMessage(t, field, data.rule) : null;
      if (field && message) return on(FIELD_NAMES[field] ?? field, message);
      return describeError(t, error, { emailUuid: 'emailCode' });
    }
    case Code.forbidden:
      return on(null, t('broker-project:errors.forbidden'));
    case Code.notFound:
      return on(null, t('broker-project:errors.notFound'));
    case Code.projectState: {
      const status = errorData(error, Code.projectState)?.status;
      return on(null, t('broker-project:errors.projectState', { status: status !== undefined ? t(`broker-project:states.${status}`) : '' }));
    }
    case Code.belowMinSubscription:
      return on('amount', t('broker-project:errors.belowMinimum', { min: errorData(error, Code.belowMinSubscription)?.min ?? '' }));
    case Code.insufficientUnits:
      return on('quantity', t('broker-project:errors.moreThanHeld', { units: errorData(error, Code.insufficientUnits)?.units ?? '' }));
    case Code.insufficientProjectCash:
      return on(null, t('broker-project:errors.insufficient', { available: errorData(error, Code.insufficientProjectCash)?.available ?? '' }));
    case Code.projectAccountLocked:
      return on(null, t('broker-project:errors.projectAccount'));
    case Code.relationRefused:
      return on('brokerAccountId', t(`broker-project:errors.relation.${errorData(error, Code.relationRefused)?.reason ?? 'other'}`));
    case Code.investorExists:
      return on('investorEmail', t('broker-project:errors.investorExists'));
    case Code.relationNotEmpty:
      return on(null, t('broker-project:errors.accountNotEmpty'));
    case Code.projectLimit:
      return on(null, t('broker-project:errors.limit', { max: String(errorData(error, Code.projectLimit)?.max ?? '') }));
    default:
      return describeError(t, error, { emailUuid: 'emailCode' });
  }
}
