import type { FastifyInstance } from 'fastify';
import { PROFIT_EXPORT_FILES, PROFIT_FUNDS_EXPORT_FILE } from '../../../contract/broker-profit-rules.ts';
import { brokerProfitExport } from '../../../contract/broker-profit.ts';
import { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import zhExport from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import zh from '../../../locales/zh-HK/broker-profit.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { amountCell } from '../../platform/xlsx.ts';
import { allRows, brokerQueryDownload, inWords, rangeText, sheetDownload, timeCell, timeFilter } from '../downloads.ts';
import { accrualQuery, type AccrualRow, accrualView, applicationQuery, type ProfitApplicationRow, profitApplicationViews } from './applications.ts';
import { projectOf } from './project.ts';
import { profitFunds } from './funds.ts';

/**
 * `POST /broker/profitAccrual/export` (spec §7 "Downloads"): the profit page's two tables as xlsx, with the
 * filters of their pages as query parameters — `table=accrual` (profitAccrual/page; 利潤計提記錄-YYYYMMDD.xlsx) or
 * `table=application` (profitAccrual/pageApplication; 利潤提取申請-YYYYMMDD.xlsx). The rows are read with the pages'
 * own query builders (applications.ts), so they are the page's rows in its order; the sheet is the broker
 * export writer (server/broker/downloads.ts: the cover block with the filters in words, UTC+8 and the generation
 * time; amounts as numeric cells where a double holds them exactly). Texts are zh-HK (locales/zh-HK/broker-profit.json
 * `export`). Refusals are the JSON envelope: 401, 403 without broker rights, 404 another organisation's project, 400.
 * `POST /broker/profitAccrual/accrualFund/export` (contract/broker-project-exports.ts profitFunds): the page's per-project
 * summary, accrualFund's rows (各項目利潤-YYYYMMDD.xlsx; texts in locales/zh-HK/broker-export.json `profitFunds`).
 */
export function brokerProfitExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const x = zh.export;

  brokerQueryDownload(ctx, app, brokerProfitExport, async ({ auth, member }, q) => {
    const filter = { projectNo: q.projectNo, type: q.type, status: q.status, ...timeFilter(q) };
    const project = filter.projectNo === undefined ? null : await projectOf(ctx.db, member.orgId, filter.projectNo);
    const projectText = project ? `${project.name} (${project.project_no})` : zhExport.all;
    if (q.table === 'accrual') {
      const rows = (await allRows<AccrualRow>(ctx, accrualQuery(member.orgId, filter, nowDate(ctx)))).map(accrualView);
      const c = x.accrual.columns;
      const columns = [c.day, c.projectNo, c.project, c.navBefore, c.hwmBefore, c.amount];
      return sheetDownload(PROFIT_EXPORT_FILES.accrual, { sheet: x.sheet, ...x.accrual }, { project: projectText, days: rangeText(filter) }, columns, rows.map((r) => [r.day, r.projectNo, r.projectName, amountCell(r.navBefore), amountCell(r.hwmBefore), amountCell(r.amount)]));
    }
    const rows = await allRows<ProfitApplicationRow>(ctx, applicationQuery(member.orgId, filter, nowDate(ctx)));
    const views = await profitApplicationViews(ctx.db, rows, auth.user.id);
    const c = x.application.columns;
    const filters = {
      project: projectText,
      type: inWords(filter.type, zh.types),
      status: inWords(filter.status, zh.states),
      days: rangeText(filter),
    };
    const columns = [c.id, c.createdAt, c.type, c.projectNo, c.legs, c.amount, c.status, c.applicant, c.approver, c.completedAt];
    return sheetDownload(PROFIT_EXPORT_FILES.application, { sheet: x.sheet, ...x.application }, filters, columns, views.map((r) => [
      r.applicationId,
      timeCell(r.createdAt),
      zh.types[r.type],
      r.projectNo,
      r.legs.map((l) => `${l.subAccountName}/${zhExport.wallets[l.wallet]} ${l.amount}`).join('; '),
      amountCell(r.amount),
      zh.states[r.status],
      r.applicant,
      r.approver ?? '',
      timeCell(r.completedAt),
    ]));
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.profitFunds, async ({ member }, q) => {
    const funds = await profitFunds(ctx, member.orgId, q.projectNo);
    const f = zhExport.profitFunds;
    const c = f.columns;
    const columns = [c.projectNo, c.project, c.status, c.accrued, c.withdrawn, c.applying, c.profitPayable, c.primaryFree, c.available];
    return sheetDownload(PROFIT_FUNDS_EXPORT_FILE, f, { project: q.projectNo === undefined ? zhExport.all : `${funds[0]!.projectName} (${q.projectNo})` }, columns, funds.map((p) => [p.projectNo, p.projectName, f.states[p.status], ...[p.accrued, p.withdrawn, p.applying, p.profitPayable, p.primaryFree, p.available].map(amountCell)]));
  });
}
