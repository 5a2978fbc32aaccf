import { type Body, type Reply, request } from '../../lib/api/request.ts';

// record/convert's calls, typed from the contract (contract/convert.ts). The page shows errors itself.
const quiet = { silent: true } as const;
export type ConvertRecordPage = Reply<'/institution/pageSwapOrderRecord'>;
export type ConvertRecord = ConvertRecordPage['list'][number];
export type ConvertQuery = NonNullable<Body<'/institution/pageSwapOrderRecord'>['queryCondition']>;
export type ConvertAssets = Reply<'/institution/listAllConvertAsset'>;

export const convertRecordApi = {
  page: (body: Body<'/institution/pageSwapOrderRecord'>) => request('/institution/pageSwapOrderRecord', body, quiet),
  assets: () => request('/institution/listAllConvertAsset', {}, quiet),
};
