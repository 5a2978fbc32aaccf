import { useTranslation } from 'react-i18next';
import type { Permissions } from '../types.ts';

// spec §6: what each KYC level, the authenticator and the account state unlock, as the menu says.
const SHOWN = ['rechargeCoin', 'withdrawCoin', 'convertCoin', 'rechargeFiat', 'withdrawFiat', 'convertFiat', 'otc'] as const;

export function PermissionList({ permissions }: { permissions: Permissions | undefined }) {
  const { t } = useTranslation('account');
  if (!permissions) return null;
  return (
    <table className="td-table" data-testid="permissions">
      <thead>
        <tr>
          <th>{t('permissions.operation')}</th>
          <th>{t('permissions.state')}</th>
        </tr>
      </thead>
      <tbody>
        {SHOWN.filter((code) => permissions[code]).map((code) => {
          const p = permissions[code];
          return (
            <tr key={code} data-testid={`permission-${code}`} data-enabled={p?.enabled ? 'true' : 'false'}>
              <td>{t(`permissions.ops.${code}`)}</td>
              <td>{p?.enabled ? t('permissions.enabled') : t(`permissions.reasons.${p?.reason ?? 'operations'}`)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
