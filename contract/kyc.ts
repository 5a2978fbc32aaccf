import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { IsoTime, Strict } from './schema.ts';

/**
 * KYC (spec §6): basic (coin) and advanced (fiat), states review / Certified / unCertified (spec §4). The spec
 * names the screens, not their calls: the paths are the sandbox's. The upload (`/institution/kyc/upload`) takes
 * the file itself as its body and stays a route of its own (server/platform/uploads.ts).
 */

export { KYC_DOCUMENTS, type KycDocumentType } from './rules.ts';
const DocumentType = Type.Union([
  Type.Literal('businessRegistration'),
  Type.Literal('directorId'),
  Type.Literal('bankStatement'),
  Type.Literal('proofOfAddress'),
]);

const Level = Type.Union([Type.Literal('basic'), Type.Literal('advanced')]);
/** spec §4 KYC states. */
export const KycStatus = Type.Union([Type.Literal('review'), Type.Literal('Certified'), Type.Literal('unCertified')]);
const LevelState = Type.Object({
  status: KycStatus,
  submissionId: Type.Union([Type.Integer(), Type.Null()]),
  submittedAt: Type.Union([IsoTime, Type.Null()]),
  decidedAt: Type.Union([IsoTime, Type.Null()]),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
});

export const kycCalls = {
  '/institution/kyc/status': userGet(undefined, Type.Object({ basic: LevelState, advanced: LevelState })),
  '/institution/kyc/submit': userPost(
    Strict({
      level: Level,
      companyName: Type.String({ minLength: 1, maxLength: 100 }),
      registrationNumber: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9-/ ]+$' }),
      countryCode: Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' }),
      documents: Type.Array(
        Strict({
          type: DocumentType,
          fileId: Type.String({ minLength: 36, maxLength: 36 }),
        }),
        { minItems: 1, maxItems: 10 },
      ),
    }),
    Type.Object({ submissionId: Type.Union([Type.Integer(), Type.Null()]), level: Level, status: Type.Literal('review') }),
  ),
};

export type KycCalls = typeof kycCalls;
