import type { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import { PROJECT_EXPORT_FILES } from '../../../contract/broker-projects-rules.ts';
import zh from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { amountCell } from '../../platform/xlsx.ts';
import { allRows, inWords, type QueryDownloads, rangeText, sheetDownload, timeCell, timeFilter } from '../downloads.ts';
import { capitalList, flowQuery, projectPageRows } from '../projects/queries.ts';
import { type FlowViewRow, flowView, projectViews, relationViews } from '../projects/views.ts';
import { investorOf } from '../projects/store.ts';
import { projectFilterText } from './exports.ts';

type ProjectPageDownloads = Pick<QueryDownloads<typeof brokerProjectExports>, 'projects' | 'capitalRecords' | 'holdings' | 'accounts'>;

/**
 * The project pages' downloads (contract/broker-project-exports.ts; spec §7 "Downloads"): the project list, a
 * project's subscriptions and redemptions, its investors' holdings and its sub-accounts (primary and linked;
 * relationViews, as queryBrokerProjectInfo's `accounts`), each read with its page call's own code (projectPageRows,
 * flowQuery, capitalList, relationViews). zh-HK texts: locales/zh-HK/broker-export.json `projects`.
 */
export function projectPageDownloads(ctx: ApiContext): ProjectPageDownloads {
  const projectText = (orgId: string, projectNo: string | undefined) => projectFilterText(ctx.db, orgId, projectNo);
  const x = zh.projects;
  return {
    projects: async ({ member }, q) => {
      const at = nowDate(ctx);
      const views = await projectViews(ctx.db, await projectPageRows(ctx.db, member.orgId, q, at), at);
      const c = x.list.columns;
      const filters = { status: inWords(q.status, x.list.states), exchange: inWords(q.exchangeCode), keyword: inWords(q.keyword) };
      const columns = [c.projectNo, c.name, c.exchange, c.status, c.startDay, c.endDay, c.interestRate, c.performanceFeeRate, c.minSubscription, c.units, c.grossAsset, c.interestPayable, c.profitPayable, c.netAsset, c.nav, c.hwm, c.investors, c.linked];
      return sheetDownload(PROJECT_EXPORT_FILES.projects, x.list, filters, columns, views.map((p) => [
        p.projectNo,
        p.name,
        p.exchangeCode,
        x.list.states[p.status],
        p.startDay,
        p.endDay,
        ...[p.interestRate, p.performanceFeeRate, p.minSubscription, p.units, p.grossAsset, p.interestPayable, p.profitPayable, p.netAsset, p.nav, p.hwm].map(amountCell),
        p.investorCount,
        p.linkedAccountCount,
      ]));
    },

    capitalRecords: async ({ member }, q) => {
      const filter = { projectNo: q.projectNo, investorId: q.investorId, direction: q.direction, ...timeFilter(q) };
      const rows = (await allRows<FlowViewRow>(ctx, await flowQuery(ctx.db, member.orgId, filter, nowDate(ctx)))).map(flowView);
      const investor = filter.investorId === undefined ? zh.all : (await investorOf(ctx.db, member.orgId, filter.investorId)).name;
      const c = x.records.columns;
      const filters = {
        project: await projectText(member.orgId, filter.projectNo),
        investor,
        direction: inWords(filter.direction, x.records.types),
        days: rangeText(filter),
      };
      const columns = [c.flowId, c.time, c.projectNo, c.project, c.investor, c.type, c.amount, c.units, c.nav, c.navDay, c.principalChange, c.operator, c.remark];
      return sheetDownload(PROJECT_EXPORT_FILES.capitalRecords, x.records, filters, columns, rows.map((r) => [
        r.flowId,
        timeCell(r.createdAt),
        r.projectNo,
        r.projectName,
        r.investorName,
        x.records.types[r.direction],
        ...[r.amount, r.units, r.nav].map(amountCell),
        r.navDay ?? '',
        amountCell(r.principalChange),
        r.operator,
        r.remark,
      ]));
    },

    holdings: async ({ member }, q) => {
      const capital = await capitalList(ctx.db, member.orgId, q.projectNo);
      const c = x.holdings.columns;
      const filters = { project: await projectText(member.orgId, q.projectNo), nav: capital.nav, units: capital.units };
      const columns = [c.investor, c.email, c.units, c.principal, c.value, c.gain, c.share, c.interest, c.totalIn, c.totalOut, c.firstIn];
      return sheetDownload(PROJECT_EXPORT_FILES.holdings, x.holdings, filters, columns, capital.list.map((h) => [
        h.name,
        h.email,
        ...[h.units, h.principal, h.value, h.gain, h.sharePercent, h.interestUnsettled, h.totalIn, h.totalOut].map(amountCell),
        timeCell(h.firstInAt),
      ]));
    },

    accounts: async ({ member }, q) => {
      const project = await projectText(member.orgId, q.projectNo);
      const accounts = await relationViews(ctx.db, q.projectNo);
      const a = x.accounts;
      const c = a.columns;
      const columns = [c.accountId, c.name, c.exchange, c.role, c.usdt, c.remark, c.createdBy, c.createdAt];
      return sheetDownload(PROJECT_EXPORT_FILES.accounts, a, { project }, columns, accounts.map((r) => [r.brokerAccountId, r.subAccountName, r.exchangeCode, a.roles[r.role], amountCell(r.usdt), r.remark, r.createdBy, timeCell(r.createdAt)]));
    },
  };
}
