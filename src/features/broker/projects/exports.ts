import { brokerProjectExports } from '../../../../contract/broker-project-exports.ts';
import { PROJECT_EXPORT_FILES, type ProjectExportKind } from '../../../../contract/broker-projects-rules.ts';
import { fileNameOf } from '../money/export-name.ts';

/** spec §7 "Downloads": a project page export's Chinese file name with today's day (YYYYMMDD, Hong Kong time). */
export function projectFileName(kind: ProjectExportKind, now: Date = new Date()): string {
  return fileNameOf(PROJECT_EXPORT_FILES[kind].fileName, {}, now);
}

/** The project pages' downloads (contract/broker-project-exports.ts; filters as query parameters). */
export const PROJECT_EXPORT_PATHS = {
  projects: brokerProjectExports.projects.path,
  capitalRecords: brokerProjectExports.capitalRecords.path,
  holdings: brokerProjectExports.holdings.path,
  accounts: brokerProjectExports.accounts.path,
} as const satisfies Record<ProjectExportKind, string>;
