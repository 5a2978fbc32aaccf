import type { FastifyInstance } from 'fastify';
import { BROKER_EXPORT_TIME_ZONE } from '../../../contract/broker-funds-rules.ts';
import { INTEREST_EXPORT_FILES } from '../../../contract/broker-interest-rules.ts';
import { settleBillExport, settleBillsExport } from '../../../contract/broker-interest.ts';
import { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import zhExport from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import zhInterest from '../../../locales/zh-HK/broker-interest.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { amountCell, zonedFormatter } from '../../platform/xlsx.ts';
import { allRows, brokerQueryDownload, fill, localeSheet, rangeText, timeFilter } from '../fund-export.ts';
import { projectOf } from '../projects/store.ts';
import { type BillRow, billLines, billOf, billSteps, billView } from './bills.ts';
import { billQuery, interestRecordQuery, type InterestRecordRow, interestRecordView } from './records.ts';
import { investorInterest } from './settle.ts';

/**
 * The settle bills' downloads (spec §7 "Downloads"; the cover block of server/broker/fund-export.ts): the bill list
 * with the filters of pageSettleBill (結算帳單-YYYYMMDD.xlsx) and one bill's lines with its history (結算帳單-<billNo>.xlsx).
 * The list's rows are read with the page's own query builder (records.ts), so they are the page's rows in its order.
 * Texts are zh-HK (locales/zh-HK/broker-interest.json `export`), times UTC+8, amounts numeric cells. The interest
 * page's two tables (contract/broker-project-exports.ts investorInterest, interestRecords): a project's investors'
 * interest by state (interestSettle/account's rows, 投資者利息-YYYYMMDD.xlsx) and its interest records
 * (interestSettle/page's query, every page, 利息記錄-YYYYMMDD.xlsx); texts in locales/zh-HK/broker-export.json `interest`.
 */
export function brokerInterestExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  const time = (iso: string | null) => (iso ? zoned.time(new Date(iso)) : '');
  const x = zhInterest.export;
  const states = zhInterest.billStates;
  const steps = zhInterest.steps;

  brokerQueryDownload(ctx, app, settleBillsExport, async ({ auth, member }, q) => {
    const filter = { status: q.status, projectNo: q.projectNo, ...timeFilter(q) };
    const project = filter.projectNo ? await projectOf(ctx.db, member.orgId, filter.projectNo) : null;
    const rows = (await allRows<BillRow>(ctx, billQuery(member.orgId, filter, nowDate(ctx)))).map((r) => billView(r, auth.user.id));
    const c = x.columns;
    return {
      file: INTEREST_EXPORT_FILES.settleBills,
      sheet: {
        name: x.sheet,
        title: x.title,
        filters: fill(x.filters, {
          project: project ? `${project.name} (${project.project_no})` : zhExport.all,
          status: filter.status ? states[filter.status] : zhExport.all,
          days: rangeText(filter),
        }),
        columns: [c.billNo, c.createdAt, c.project, c.period, c.investors, c.asset, c.total, c.status, c.applicant, c.initialReviewer, c.reReviewer, c.payer, c.paidAt],
        rows: rows.map((b) => [
          b.billNo,
          time(b.createdAt),
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
          time(b.paidAt),
        ]),
      },
    };
  });

  brokerQueryDownload(ctx, app, settleBillExport, async ({ auth, member }, q) => {
    const row = await billOf(ctx.db, member.orgId, q.billNo);
    const bill = billView(row, auth.user.id);
    const lines = await billLines(ctx.db, row.id);
    const history = await billSteps(ctx.db, row.id);
    const c = x.lineColumns;
    return {
      file: INTEREST_EXPORT_FILES.settleBill,
      values: { billNo: bill.billNo },
      sheet: {
        name: x.billSheet,
        title: fill(x.billTitle, { billNo: bill.billNo }),
        filters: fill(x.billFilters, {
          project: `${bill.projectName} (${bill.projectNo})`,
          period: `${bill.fromDay} – ${bill.untilDay}`,
          status: states[bill.status],
          total: `${bill.total} ${bill.asset}`,
        }),
        columns: [c.investorId, c.investor, c.principal, c.days, c.fromDay, c.toDay, c.amount],
        rows: [
          ...lines.map((l) => [l.investorId, l.investorName, amountCell(l.principal), l.days, l.fromDay, l.toDay, amountCell(l.amount)]),
          ['', x.totalRow, '', '', '', '', amountCell(bill.total)],
          [],
          [x.historyTitle],
          ...history.map((h) => [time(h.createdAt), steps[h.step], h.member, states[h.status], h.remark]),
        ],
      },
    };
  });

  const projectText = async (orgId: string, projectNo: string) => {
    const project = await projectOf(ctx.db, orgId, projectNo);
    return `${project.name} (${project.project_no})`;
  };

  brokerQueryDownload(ctx, app, brokerProjectExports.investorInterest, async ({ member }, q) => {
    const rows = await investorInterest(ctx.db, member.orgId, q.projectNo);
    const s = zhExport.interest.investors;
    const c = s.columns;
    return {
      file: INTEREST_EXPORT_FILES.investorInterest,
      sheet: localeSheet(s, { project: await projectText(member.orgId, q.projectNo) }, [c.investorId, c.investor, c.units, c.principal, c.accrued, c.pending, c.inApplication, c.paid, c.lastAccrualDay], rows.map((i) => [i.investorId, i.investorName, ...[i.units, i.principal, i.accrued, i.pending, i.inApplication, i.paid].map(amountCell), i.lastAccrualDay ?? ''])),
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.interestRecords, async ({ member }, q) => {
    const project = await projectText(member.orgId, q.projectNo);
    const rows = (await allRows<InterestRecordRow>(ctx, interestRecordQuery(member.orgId, q))).map(interestRecordView);
    const s = zhExport.interest.records;
    const c = s.columns;
    return {
      file: INTEREST_EXPORT_FILES.interestRecords,
      sheet: localeSheet(s, { project, state: q.state ? s.states[q.state] : zhExport.all }, [c.investorId, c.investor, c.state, c.fromDay, c.toDay, c.days, c.amount, c.billNo], rows.map((r) => [r.investorId, r.investorName, s.states[r.state], r.fromDay, r.toDay, r.days, amountCell(r.amount), r.billNo ?? ''])),
    };
  });
}
