import { PROJECT_EXPORT_FILES, type ProjectExportKind } from '../../../../contract/broker-projects-rules.ts';
import { fileNameOf } from '../money/export-name.ts';

/** spec §7 "Downloads": a project page export's Chinese file name with today's day (YYYYMMDD, Hong Kong time). */
export function projectFileName(kind: ProjectExportKind, now: Date = new Date()): string {
  return fileNameOf(PROJECT_EXPORT_FILES[kind].fileName, {}, now);
}

/** The project pages' downloads (contract/broker-project-exports.ts; filters as query parameters). */
export const PROJECT_EXPORT_PATHS = {
  projects: '/broker/project/export',
  capitalRecords: '/broker/project/depositWithdrawRecords/export',
  holdings: '/broker/project/listCapital/export',
  accounts: '/broker/account/project/relation/export',
} as const satisfies Record<ProjectExportKind, string>;
