import type { AuditDomain } from "./audit-domain.js";
import { airlineAuditDomain } from "./domains/airline-audit-domain.js";

/** The domains `concordat audit --domain` knows. */
export const AUDIT_DOMAINS: Readonly<Record<string, AuditDomain<any>>> = {
  airline: airlineAuditDomain,
};
