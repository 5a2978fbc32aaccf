import type { FastifyRequest } from 'fastify';

/**
 * The signed-in caller of a request, as every layer sees it. The kernel only knows its shape; identity
 * (server/identity/sessions.ts) finds it from the bearer token and is handed to the kernel by server/app.ts,
 * so route helpers here need not import identity.
 */
/** A row of the users table (server/platform/db/migrations). */
export interface UserRow {
  id: number;
  email: string;
  email_lower: string;
  first_name: string;
  last_name: string;
  company_name: string;
  area_code: string | null;
  phone: string | null;
  whatsapp: string | null;
  telegram: string | null;
  preferred_language: string;
  password_hash: string;
  user_type: string;
  verification_type: string;
  ga_secret: string | null;
  ga_pending_secret: string | null;
  ga_last_step: number | null;
  anti_phishing_code: string | null;
  order_confirm: boolean;
  broker_agreed_at: Date | null;
  frozen_at: Date | null;
  disabled_features: string[];
  created_at: Date;
  updated_at: Date;
}

export interface Auth {
  user: UserRow;
  sessionId: number;
  /** The request's source address (counts of a step-up's password are per account and source). */
  ip: string;
}

/** The signed-in user of a request, or throws the 401 envelope (spec §8 'please log in again'). */
export type Authenticate = (request: FastifyRequest) => Promise<Auth>;
