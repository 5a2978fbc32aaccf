import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { ConvertCalls } from '../../../contract/convert.ts';
import { apiPost } from '../../lib/api/index.ts';

// record/convert's calls, typed from the contract (contract/convert.ts). The page shows errors itself.
const quiet = { silent: true } as const;
type RecordCall = ConvertCalls['/institution/pageSwapOrderRecord'];
export type ConvertRecordPage = ReplyOf<RecordCall>;
export type ConvertRecord = ConvertRecordPage['list'][number];
export type ConvertQuery = NonNullable<BodyOf<RecordCall>['queryCondition']>;
export type ConvertAssets = ReplyOf<ConvertCalls['/institution/listAllConvertAsset']>;

export const convertRecordApi = {
  page: (body: BodyOf<RecordCall>) => apiPost<ConvertRecordPage>('/institution/pageSwapOrderRecord', body, quiet),
  assets: () => apiPost<ConvertAssets>('/institution/listAllConvertAsset', {}, quiet),
};
