import type { FormEvent, ReactNode } from 'react';
import type { Network } from '../../../contract/chains.ts';
import { validateAddressName, VALIDATION_NAMESPACE } from '../../lib/validation/index.ts';
import { Field, FormMessage, TextField, type FieldErrors, type FieldIssue } from '../form/index.ts';

// What the add forms of the coin book, the fiat book and the broker whitelist share (spec §2 wallet/address,
// spec §5 address name): the form with its message and submit, the asset choice, the name, and the chain fields
// (network, address, memo where the network has one). The words and the calls are the feature's.

export interface ChainNetwork {
  network: Network;
  label: string;
  memo: boolean;
}

export interface ChainAsset {
  asset: string;
  networks: readonly ChainNetwork[];
}

/** An asset's networks and the one chosen (the only one when there is just one, else none until chosen). */
export function pickNetwork(assets: readonly ChainAsset[], asset: string, chosen: Network | '') {
  const networks = assets.find((a) => a.asset === asset)?.networks ?? [];
  const network = networks.find((n) => n.network === chosen) ?? (networks.length === 1 ? networks[0]! : null);
  return { networks, network };
}

/** spec §5: an address name is 4 to 20 characters; the issue in the validation namespace, or none. */
export function checkAddressName(name: string): FieldIssue | undefined {
  const result = validateAddressName(name);
  return result ? { key: `${VALIDATION_NAMESPACE}:${result.key}`, ...(result.params ? { params: result.params } : {}) } : undefined;
}

/** The add form: its fields (the feature's, in its order), then its message and its buttons. */
export function AddressForm({ className, testId, title, onSubmit, message, buttons, children }: { className: string; testId: string; title?: { id: string; text: string }; onSubmit: (event: FormEvent) => Promise<void>; message: string | null; buttons: ReactNode; children: ReactNode }) {
  return (
    <form className={className} noValidate onSubmit={(e) => void onSubmit(e)} data-testid={testId} {...(title ? { 'aria-labelledby': title.id } : {})}>
      {title ? <h2 id={title.id}>{title.text}</h2> : null}
      {children}
      <FormMessage text={message} />
      {buttons}
    </form>
  );
}

/** The address name, with its rule as the hint. */
export function NameField({ label, hint, value, onValue, error }: { label: string; hint: string; value: string; onValue: (value: string) => void; error: FieldIssue | string | undefined }) {
  return <TextField name="name" label={label} autoComplete="off" value={value} onValue={onValue} error={error} hint={hint} />;
}

/** The asset (or currency) the entry is for. */
export function AssetSelect({ label, assets, value, onValue, error }: { label: string; assets: readonly { asset: string }[]; value: string; onValue: (asset: string) => void; error?: FieldIssue | string | undefined }) {
  return (
    <Field name="asset" label={label} error={error}>
      {(aria) => (
        <select {...aria} data-testid="input-asset" value={value} onChange={(e) => onValue(e.target.value)}>
          {assets.map((a) => (
            <option key={a.asset} value={a.asset}>
              {a.asset}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type ChainField = 'asset' | 'network' | 'address' | 'memo';

/**
 * The asset, its network (none chosen until the person chooses, unless there is one), the address, and the memo
 * where the network has one. `chain` is `pickNetwork`'s answer for the chosen asset.
 */
export function ChainFields({
  labels,
  assets,
  chain: { networks, network },
  values,
  errors,
  onValue,
}: {
  labels: Record<ChainField | 'choose', string>;
  assets: readonly ChainAsset[];
  chain: ReturnType<typeof pickNetwork>;
  values: { asset: string; address: string; memo: string };
  errors: FieldErrors<ChainField>;
  onValue: (field: ChainField, value: string) => void;
}) {
  return (
    <>
      <AssetSelect label={labels.asset} assets={assets} value={values.asset} onValue={(v) => onValue('asset', v)} error={errors.asset} />
      <Field name="network" label={labels.network} error={errors.network}>
        {(aria) => (
          <select {...aria} data-testid="input-network" value={network?.network ?? ''} onChange={(e) => onValue('network', e.target.value)}>
            <option value="">{labels.choose}</option>
            {networks.map((n) => (
              <option key={n.network} value={n.network}>
                {n.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField name="address" label={labels.address} autoComplete="off" spellCheck={false} value={values.address} onValue={(v) => onValue('address', v)} error={errors.address} />
      {network?.memo ? <TextField name="memo" label={labels.memo} autoComplete="off" value={values.memo} onValue={(v) => onValue('memo', v)} error={errors.memo} /> : null}
    </>
  );
}
