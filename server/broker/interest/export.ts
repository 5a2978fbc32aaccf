import type { FastifyInstance } from 'fastify';
import { INTEREST_EXPORT_FILES } from '../../../contract/broker-interest-rules.ts';
import { settleBillExport, settleBillsExport } from '../../../contract/broker-interest.ts';
import { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import zhExport from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import zhInterest from '../../../locales/zh-HK/broker-interest.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { amountCell } from '../../platform/xlsx.ts';
import { allRows, brokerQueryDownload, fill, inWords, rangeText, sheetDownload, timeCell, timeFilter } from '../downloads.ts';
import { projectOf } from '../projects/store.ts';
import { type BillRow, billLines, billOf, billSteps, billView } from './bills.ts';
import { billQuery, interestRecordQuery, type InterestRecordRow, interestRecordView } from './records.ts';
import { investorInterest } from './settle.ts';

/**
 * The settle bills' downloads (spec §7 "Downloads"; the cover block of server/broker/downloads.ts): the bill list
 * with the filters of pageSettleBill (結算帳單-YYYYMMDD.xlsx) and one bill's lines with its history (結算帳單-<billNo>.xlsx).
 * The list's rows are read with the page's own query builder (records.ts), so they are the page's rows in its order.
 * Texts are zh-HK (locales/zh-HK/broker-interest.json `export`), times UTC+8, amounts numeric cells. The interest
 * page's two tables (contract/broker-project-exports.ts investorInterest, interestRecords): a project's investors'
 * interest by state (interestSettle/account's rows, 投資者利息-YYYYMMDD.xlsx) and its interest records
 * (interestSettle/page's query, every page, 利息記錄-YYYYMMDD.xlsx); texts in locales/zh-HK/broker-export.json `interest`.
 */
export function brokerInterestExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const x = zhInterest.export;
  const states = zhInterest.billStates;
  const steps = zhInterest.steps;

  brokerQueryDownload(ctx, app, settleBillsExport, async ({ auth, member }, q) => {
    const filter = { status: q.status, projectNo: q.projectNo, ...timeFilter(q) };
    const project = filter.projectNo ? await projectOf(ctx.db, member.orgId, filter.projectNo) : null;
    const rows = (await allRows<BillRow>(ctx, billQuery(member.orgId, filter, nowDate(ctx)))).map((r) => billView(r, auth.user.id));
    const c = x.columns;
    const filters = {
      project: project ? `${project.name} (${project.project_no})` : zhExport.all,
      status: inWords(filter.status, states),
      days: rangeText(filter),
    };
    const columns = [c.billNo, c.createdAt, c.project, c.period, c.investors, c.asset, c.total, c.status, c.applicant, c.initialReviewer, c.reReviewer, c.payer, c.paidAt];
    return sheetDownload(INTEREST_EXPORT_FILES.settleBills, x, filters, columns, rows.map((b) => [
      b.billNo,
      timeCell(b.createdAt),
      `${b.projectName} (${b.projectNo})`,
      `${b.fromDay} – ${b.untilDay}`,
      b.investorCount,
      b.asset,
      amountCell(b.total),
      states[b.status],
      b.applicant,
      b.initialReviewer ?? '',
      b.reReviewer ?? '',
      b.payer ?? '',
      timeCell(b.paidAt),
    ]));
  });

  brokerQueryDownload(ctx, app, settleBillExport, async ({ auth, member }, q) => {
    const row = await billOf(ctx.db, member.orgId, q.billNo);
    const bill = billView(row, auth.user.id);
    const lines = await billLines(ctx.db, row.id);
    const history = await billSteps(ctx.db, row.id);
    const c = x.lineColumns;
    const text = { sheet: x.billSheet, title: fill(x.billTitle, { billNo: bill.billNo }), filters: x.billFilters };
    const filters = { project: `${bill.projectName} (${bill.projectNo})`, period: `${bill.fromDay} – ${bill.untilDay}`, status: states[bill.status], total: `${bill.total} ${bill.asset}` };
    const download = sheetDownload(INTEREST_EXPORT_FILES.settleBill, text, filters, [c.investorId, c.investor, c.principal, c.days, c.fromDay, c.toDay, c.amount], [
      ...lines.map((l) => [l.investorId, l.investorName, amountCell(l.principal), l.days, l.fromDay, l.toDay, amountCell(l.amount)]),
      ['', x.totalRow, '', '', '', '', amountCell(bill.total)],
      [],
      [x.historyTitle],
      ...history.map((h) => [timeCell(h.createdAt), steps[h.step], h.member, states[h.status], h.remark]),
    ]);
    return { ...download, values: { billNo: bill.billNo } };
  });

  const projectText = async (orgId: string, projectNo: string) => {
    const project = await projectOf(ctx.db, orgId, projectNo);
    return `${project.name} (${project.project_no})`;
  };

  brokerQueryDownload(ctx, app, brokerProjectExports.investorInterest, async ({ member }, q) => {
    const rows = await investorInterest(ctx.db, member.orgId, q.projectNo);
    const s = zhExport.interest.investors;
    const c = s.columns;
    const columns = [c.investorId, c.investor, c.units, c.principal, c.accrued, c.pending, c.inApplication, c.paid, c.lastAccrualDay];
    return sheetDownload(INTEREST_EXPORT_FILES.investorInterest, s, { project: await projectText(member.orgId, q.projectNo) }, columns, rows.map((i) => [i.investorId, i.investorName, ...[i.units, i.principal, i.accrued, i.pending, i.inApplication, i.paid].map(amountCell), i.lastAccrualDay ?? '']));
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.interestRecords, async ({ member }, q) => {
    const project = await projectText(member.orgId, q.projectNo);
    const rows = (await allRows<InterestRecordRow>(ctx, interestRecordQuery(member.orgId, q))).map(interestRecordView);
    const s = zhExport.interest.records;
    const c = s.columns;
    const columns = [c.investorId, c.investor, c.state, c.fromDay, c.toDay, c.days, c.amount, c.billNo];
    return sheetDownload(INTEREST_EXPORT_FILES.interestRecords, s, { project, state: inWords(q.state, s.states) }, columns, rows.map((r) => [r.investorId, r.investorName, s.states[r.state], r.fromDay, r.toDay, r.days, amountCell(r.amount), r.billNo ?? '']));
  });
}
