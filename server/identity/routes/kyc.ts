import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import { KYC_DOCUMENTS, kycCalls } from '../../../contract/kyc.ts';
import { serveCalls } from '../../platform/contract.ts';
import { kycState } from '../kyc.ts';
import { checkNoChinese, checkNotBlank } from '../../platform/rules.ts';
import { commitUpload, removeStored, uploadRoute } from '../../platform/uploads.ts';

/** spec §5 / §9: image upload JPG or PNG, larger than 10KB and under 10MB. */
export const minUploadBytes = 10 * 1024;
export const maxUploadBytes = 10 * 1024 * 1024;

/** Document types per level; each level needs every type of its list (contract/kyc.ts). */
export const requiredDocuments = KYC_DOCUMENTS;

/**
 * KYC (spec §6): basic (coin) and advanced (fiat), states review / Certified / unCertified (spec §4).
 * Paths are the sandbox's own: the spec names the screens but not their calls.
 */
export function kycRoutes(ctx: ApiContext, app: FastifyInstance): void {
  uploadRoute(ctx, app, {
    url: '/institution/kyc/upload',
    // The file itself is the body (Content-Type image/jpeg or image/png), byte for byte as chosen.
    contentTypes: ['image/jpeg', 'image/png'],
    // spec §5: under 10MB. A body over it is refused as it streams; one of exactly 10 MB below.
    bodyLimit: maxUploadBytes,
    handler: async ({ auth, file, contentType }) => {
      const size = file?.size ?? 0;
      if (!file || size <= minUploadBytes) throw badInput('file', 'minSize', 'The image must be larger than 10KB');
      if (size >= maxUploadBytes) throw new ApiError(Code.tooLarge);
      if (!matchesType(file.head, contentType)) throw badInput('file', 'imageType', 'Only JPG or PNG images are accepted');
      const id = randomUUID();
      // The file first, then its row: a row always has its file.
      const stored = await commitUpload(ctx.uploads, file, id);
      try {
        await ctx.db.query(
          'insert into kyc_files (id, user_id, content_type, size, sha256, path, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
          [id, auth.user.id, contentType, size, file.sha256, stored, nowDate(ctx)],
        );
      } catch (error) {
        await removeStored(ctx.uploads, stored);
        throw error;
      }
      return { data: { fileId: id, size, contentType }, stored: size };
    },
  });

  serveCalls(ctx, app, kycCalls, {
    '/institution/kyc/status': async ({ auth }) => kycState(ctx.db, auth.user.id),
    '/institution/kyc/submit': async ({ auth, body }) => {
      checkNotBlank('companyName', body.companyName);
      checkNoChinese('companyName', body.companyName);
      const missing = requiredDocuments[body.level].filter((type) => !body.documents.some((doc) => doc.type === type));
      if (missing.length > 0) throw badInput('documents', 'missingType', `Missing documents: ${missing.join(', ')}`);
      const fileIds = [...new Set(body.documents.map((doc) => doc.fileId))];
      const owned = await ctx.db.query<{ id: string }>('select id from kyc_files where user_id = $1 and id = any($2::text[])', [
        auth.user.id,
        fileIds,
      ]);
      if (owned.length !== fileIds.length) throw badInput('documents', 'unknownFile', 'A document refers to a file that was not uploaded');
      const id = await ctx.db.transaction(async (tx) => {
        // Check the state inside the transaction, so two submissions cannot both pass it.
        await tx.query('select pg_advisory_xact_lock($1)', [auth.user.id]);
        const state = await kycState(tx, auth.user.id);
        const current = state[body.level].status;
        if (current !== 'unCertified') throw new ApiError(Code.kycState, { level: body.level, status: current });
        // spec §6: advanced (fiat) builds on basic (coin).
        if (body.level === 'advanced' && state.basic.status !== 'Certified') {
          throw new ApiError(Code.kycState, { level: 'basic', status: state.basic.status });
        }
        const rows = await tx.query<{ id: number }>(
          `insert into kyc_submissions (user_id, level, status, form, file_ids, submitted_at)
           values ($1, $2, 'review', $3, $4, $5) returning id`,
          [
            auth.user.id,
            body.level,
            JSON.stringify({ companyName: body.companyName, registrationNumber: body.registrationNumber, countryCode: body.countryCode, documents: body.documents }),
            fileIds,
            nowDate(ctx),
          ],
        );
        return rows[0]?.id ?? null;
      });
      return { submissionId: id, level: body.level, status: 'review' as const };
    },
  });
}

function matchesType(data: Buffer, contentType: string): boolean {
  if (contentType === 'image/jpeg') return data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
