import type { Db } from '../../server/platform/db/client.ts';

/** A user row for the records tests (no session, no password that logs in), created at `now`. */
export async function addUser(db: Db, email: string, phone: string, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into users (email, email_lower, first_name, last_name, company_name, area_code, phone, whatsapp,
       preferred_language, password_hash, created_at, updated_at)
     values ($1, $1, 'R', 'R', 'R Ltd', '+852', $3, '+852' || $3, 'en-US', 'x', $2, $2) returning id`,
    [email, now, phone],
  );
  return rows[0]!.id;
}
