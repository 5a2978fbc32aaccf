import { BROKER_EXPORT_FILES } from '../../contract/broker-funds-rules.ts';
import { brokerBillExport, brokerOperationExport } from '../../contract/broker-funds.ts';
import zh from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { amountCell } from '../platform/xlsx.ts';
import { accountOf } from './accounts.ts';
import { settleApproved } from './applications.ts';
import { allRows, brokerFormDownload, brokerQueryDownload, fill, inWords, rangeText, sheetDownload, timeCell, timeFilter } from './downloads.ts';
import { billQuery, type BillRow, billView, checkAccountFilter, operationQuery, type OperationRow, operationView } from './fund-records.ts';

/**
 * The broker's two money downloads (spec §7 "Downloads"; the writer is downloads.ts): `POST /broker/account/bill/export`
 * (form-encoded, the filters of account/bill/page; 充提幣記錄-YYYYMMDD.xlsx) and `POST /broker/exportBrokerFinancingAction`
 * (query parameters, the filters of pageBrokerFinancingAction; 操作記錄-YYYYMMDD.xlsx), read with the pages' own query
 * builders (fund-records.ts). Texts: locales/zh-HK/broker-export.json `bill`, `operations`.
 */

export function brokerExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const accountText = async (orgId: string, id: string | undefined) => (id === undefined ? zh.all : (await accountOf(ctx.db, orgId, id)).name);

  brokerFormDownload(ctx, app, brokerBillExport, async ({ member }, form) => {
    const filter = { type: form.type, status: form.status, brokerAccountId: form.brokerAccountId, exchangeCode: form.exchangeCode, asset: form.asset, ...timeFilter(form) };
    await checkAccountFilter(ctx.db, member.orgId, filter.brokerAccountId);
    await settleApproved(ctx, member.orgId);
    const rows = (await allRows<BillRow>(ctx, billQuery(member.orgId, filter, nowDate(ctx)))).map(billView);
    const x = zh.bill;
    const c = x.columns;
    const filters = {
      account: await accountText(member.orgId, filter.brokerAccountId),
      exchange: inWords(filter.exchangeCode),
      asset: inWords(filter.asset),
      type: inWords(filter.type, x.types),
      status: inWords(filter.status, x.status),
      days: rangeText(filter),
    };
    const columns = [c.recordId, c.time, c.type, c.account, c.exchange, c.wallet, c.asset, c.network, c.address, c.amount, c.fee, c.status, c.completedAt];
    return sheetDownload(BROKER_EXPORT_FILES.bill, x, filters, columns, rows.map((r) => [
      r.recordId,
      timeCell(r.createdAt),
      x.types[r.type],
      r.subAccountName,
      r.exchangeCode,
      zh.wallets[r.wallet],
      r.asset,
      r.network ?? '',
      r.address ?? '',
      amountCell(r.amount),
      amountCell(r.fee),
      x.status[r.status],
      timeCell(r.completedAt),
    ]));
  });

  brokerQueryDownload(ctx, app, brokerOperationExport, async ({ member }, q) => {
    const filter = { operationType: q.operationType, brokerAccountId: q.brokerAccountId, exchangeCode: q.exchangeCode, asset: q.asset, ...timeFilter(q) };
    await checkAccountFilter(ctx.db, member.orgId, filter.brokerAccountId);
    const rows = (await allRows<OperationRow>(ctx, operationQuery(member.orgId, filter, nowDate(ctx)))).map(operationView);
    const x = zh.operations;
    const c = x.columns;
    const typeText = (type: string) => {
      const cut = type.lastIndexOf('_');
      const kind = type.slice(0, cut) as keyof typeof x.kinds;
      const suffix = type.slice(cut + 1) as keyof typeof x.suffixes;
      return fill(x.type, { kind: x.kinds[kind], suffix: x.suffixes[suffix] });
    };
    const filters = {
      type: filter.operationType ? typeText(filter.operationType) : zh.all,
      account: await accountText(member.orgId, filter.brokerAccountId),
      exchange: inWords(filter.exchangeCode),
      asset: inWords(filter.asset),
      days: rangeText(filter),
    };
    const columns = [c.id, c.time, c.type, c.operator, c.account, c.exchange, c.counterparty, c.asset, c.amount, c.fee, c.remark];
    return sheetDownload(BROKER_EXPORT_FILES.operations, x, filters, columns, rows.map((r) => [
      r.id,
      timeCell(r.createdAt),
      typeText(r.operationType),
      r.operator,
      r.subAccountName ?? '',
      r.exchangeCode ?? '',
      r.counterparty ?? '',
      r.asset,
      amountCell(r.amount),
      amountCell(r.fee),
      r.remark,
    ]));
  });
}
