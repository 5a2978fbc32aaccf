import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ASSET_PARAM } from './route-table.ts';

/** spec §2: the asset parameter is uppercase letters only; anything else is an unknown path → home. */
export function AssetParamGuard({ children }: { children: ReactNode }) {
  const { asset, lang } = useParams();
  if (asset !== undefined && !ASSET_PARAM.test(asset)) return <Navigate replace to={`/${lang}/home`} />;
  return children;
}
