import type { UserRow } from '../platform/auth.ts';
import type { Queryable } from '../platform/db/client.ts';

export type { UserRow } from '../platform/auth.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('select * from users where email_lower = $1', [normaliseEmail(email)]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('select * from users where id = $1', [id]);
  return rows[0];
}

/** `+852 91234567` → `+852 9123****`: enough to recognise, not to read out. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length <= 4 ? '****' : `${phone.slice(0, phone.length - 4)}****`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, local.length));
  return `${shown}***@${domain}`;
}

/** Area codes are stored with their plus sign: `852` and `+852` are one code. */
export function normaliseAreaCode(areaCode: string): string {
  return areaCode.startsWith('+') ? areaCode : `+${areaCode}`;
}

export function phoneDestination(areaCode: string, phone: string): string {
  return `${normaliseAreaCode(areaCode)} ${phone}`;
}
