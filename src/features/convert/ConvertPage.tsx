import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { ConvertKind } from '../../../contract/convert-rules.ts';
import { useSession } from '../../lib/session/index.ts';
import { tabOf } from './convert-form.ts';
import { tabPath } from './ConvertTabs.tsx';
import { ConvertScreen } from './ConvertScreen.tsx';

/** convert/coin (signed in): the coin tab, or the fiat tab with `?tab=fiat`. A tab starts with a clean form. */
export default function ConvertPage() {
  const [search] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  return <ConvertScreen key={tab} tab={tab} signedIn />;
}

/** nologin/convert/coin and nologin/convert/fiat (public): indicative prices only; a signed-in person goes to the real page. */
export function PublicConvertPage({ tab }: { tab: ConvertKind }) {
  const { lang } = useParams();
  const signedIn = useSession((s) => s.isLogin);
  if (signedIn) return <Navigate replace to={`/${lang}/${tabPath(tab, true)}`} />;
  return <ConvertScreen key={tab} tab={tab} signedIn={false} />;
}
