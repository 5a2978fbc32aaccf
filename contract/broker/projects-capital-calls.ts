import Type from 'typebox';
import { userPost } from '../call.ts';
import { Code6, CodeUuid, Id, RequestId, Strict, Text } from '../schema.ts';
import { ProjectNo, UsdtAmount, GaCode, Investor, CapitalFlow, NewInvestor, RedeemFields, DecreasePreview } from './projects-shapes.ts';

/** Investors and capital increases and decreases (spec §7 financing/*). */
export const projectCapitalCalls = {
  /** The organisation's investors, by name; `projectNo` narrows to the project's holders. */
  '/broker/investor/list': userPost(Strict({ projectNo: Type.Optional(ProjectNo), keyword: Type.Optional(Text(1, 40)) }), Type.Array(Investor)),
  /** Adds an investor (e-mail unique in the organisation, 10461). */
  '/broker/investor/add': userPost(NewInvestor, Investor),

  /**
   * A capital increase: the investor's money arrives from outside on the primary account's futures wallet and buys
   * units at the live NAV. Allowed while the project is not started or in progress (10455 otherwise); the amount at
   * least the minimum subscription (10456). Idempotent on `requestId`.
   */
  '/broker/financing/increaseCapital': userPost(
    Strict({
      projectNo: ProjectNo,
      investorId: Type.Optional(Id),
      investor: Type.Optional(NewInvestor),
      amount: UsdtAmount,
      remark: Type.Optional(Text(0, 200)),
      requestId: RequestId,
    }),
    CapitalFlow,
  ),
  /** What a capital decrease of `units` (or of the units paying `amount`) would pay now. */
  '/broker/financing/preDecreaseCapital': userPost(Strict(RedeemFields), DecreasePreview),
  /**
   * A capital decrease: the units are redeemed at the live NAV and the amount paid from the primary account's
   * futures wallet to the investor. Needs the second factor (e-mail code of business type brokerRedeem, the Google
   * code when bound). Idempotent on `requestId`.
   */
  '/broker/financing/decreaseCapital': userPost(
    Strict({
      ...RedeemFields,
      remark: Type.Optional(Text(0, 200)),
      requestId: RequestId,
      emailUuid: CodeUuid,
      emailCode: Code6,
      gaCode: Type.Optional(GaCode),
    }),
    CapitalFlow,
  ),
};
