import { OTC_TERMS, type otcEnquiryCalls } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { takeRate } from '../platform/rates.ts';
import { checkEmail } from '../platform/rules.ts';
import { MINUTE, otcPair } from './desk.ts';
import { deskHours } from './hours.ts';

/** The public enquiry form: stored, rate-limited by address, answered with the time the desk's result is due. */
export function enquiryHandlers(ctx: ApiContext): Handlers<typeof otcEnquiryCalls> {
  return {
    '/institution/block/enquiry': async ({ body, request }) => {
      checkEmail('email', body.email);
      otcPair(body.fromAsset, body.toAsset);
      const now = nowDate(ctx);
      const id = await ctx.db.transaction(async (tx) => {
        await takeRate(ctx, tx, 'otcEnquiry', request.ip, ctx.limits.otcEnquiry);
        const rows = await tx.query<{ id: string }>('insert into otc_enquiries (form, ip, created_at) values ($1, $2, $3) returning id::text as id', [
          JSON.stringify(body),
          request.ip,
          now,
        ]);
        return rows[0]!.id;
      });
      // spec §9 "result within 30 min", counted from the desk's open session.
      const hours = deskHours(now);
      const from = hours.open ? now : hours.nextOpenAt;
      return { enquiryId: id, resultBy: new Date(from.getTime() + OTC_TERMS.resultMinutes * MINUTE).toISOString() };
    },
  };
}
