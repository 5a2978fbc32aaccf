import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '../../../../contract/broker-projects-rules.ts';

/** spec §4 project state: one translated label and one colour per state (projects.css). */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('broker-project');
  return (
    <span className={`td-broker-project-status td-broker-project-status--${status}`} data-status={status} data-testid="project-status">
      {t(`states.${status}`)}
    </span>
  );
}
