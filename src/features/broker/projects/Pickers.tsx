import { useTranslation } from 'react-i18next';
import { Field, type FieldIssue } from '../../../components/form/index.ts';
import { useBrokerLookup, type BrokerProject } from '../lookup-store.ts';
import type { Investor } from './api.ts';

/**
 * Which project a capital page works on: the lookup store's projectList (spec §3 "Broker lookup", GET /broker/project),
 * narrowed by `allow` (a capital increase only to projects not completed); each by name, number and state.
 */
export function ProjectPicker({ value, onChange, error, allow = () => true }: { value: string; onChange: (projectNo: string) => void; error?: FieldIssue | string | undefined; allow?: (project: BrokerProject) => boolean }) {
  const { t } = useTranslation('broker-project');
  const projects = useBrokerLookup((s) => s.projectList);
  return (
    <Field name="projectNo" label={t('common.project')} error={error}>
      {(aria) => (
        <select {...aria} data-testid="input-projectNo" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('common.chooseProject')}</option>
          {projects.filter(allow).map((p) => (
            <option key={p.projectNo} value={p.projectNo}>
              {t('common.projectOption', { name: p.name, projectNo: p.projectNo, status: t(`states.${p.status}`) })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An investor of the organisation (investor/list), by name and e-mail. */
export function InvestorPicker({ investors, value, onChange, error }: { investors: readonly Investor[]; value: string; onChange: (investorId: string) => void; error?: FieldIssue | string | undefined }) {
  const { t } = useTranslation('broker-project');
  return (
    <Field name="investorId" label={t('common.investor')} error={error}>
      {(aria) => (
        <select {...aria} data-testid="input-investorId" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('common.chooseInvestor')}</option>
          {investors.map((i) => (
            <option key={i.investorId} value={i.investorId}>
              {t('common.investorOption', { name: i.name, email: i.email })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
