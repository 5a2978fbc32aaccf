import type { FastifyInstance } from 'fastify';
import { BROKER_EXPORT_TIME_ZONE } from '../../../contract/broker-funds-rules.ts';
import { INTEREST_EXPORT_FILES } from '../../../contract/broker-interest-rules.ts';
import { settleBillExport, settleBillsExport } from '../../../contract/broker-interest.ts';
import zhExport from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import zhInterest from '../../../locales/zh-HK/broker-interest.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../api/context.ts';
import { amountCell, zonedFormatter } from '../../wallet/export.ts';
import { allRows, brokerQueryDownload, fill, rangeText, timeFilter } from '../fund-export.ts';
import { projectOf } from '../projects/store.ts';
import { type BillRow, billLines, billOf, billSteps, billView } from './bills.ts';
import { billQuery } from './records.ts';

/**
 * The settle bills' downloads (issue 15; the cover block of server/broker/fund-export.ts): the bill list with the
 * filters of pageSettleBill (結算帳單-YYYYMMDD.xlsx) and one bill's lines with its history (結算帳單-<billNo>.xlsx).
 * The list's rows are read with the page's own query builder (records.ts), so they are the page's rows in its order.
 * Texts are zh-HK (locales/zh-HK/broker-interest.json `export`), times UTC+8, amounts numeric cells.
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
}
