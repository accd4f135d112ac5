import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { z } from "zod";

export type EmailCheck =
  { ok: true; normalized: string } | { ok: false; message: string };

export const EMAIL_SYNTAX_MESSAGE = "Please enter a valid email address";
export const EMAIL_LOCAL_PART_MESSAGE =
  "The part of the email address before the @ can have at most 64 characters.";
export const EMAIL_DOMAIN_MESSAGE =
  "The email address's domain is not valid: each part between dots can have at most 63 characters.";

const emailSyntax = z.email();

/**
 * The key two addresses of one person share: trimmed and lower-cased. Nothing provider-specific
 * (Gmail's dots, '+tags'): we cannot know a domain's rules, and two people must never share a key.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The server's own check of an address, not trusting the form's: zod's e-mail syntax (ASCII, a dotted
 * domain with a letter TLD, no '..') and RFC 5321's lengths, which the syntax alone does not bound.
 */
export function checkEmail(email: string): EmailCheck {
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !emailSyntax.safeParse(normalized).success)
    return { ok: false, message: EMAIL_SYNTAX_MESSAGE };
  const at = normalized.lastIndexOf("@");
  if (at > 64) return { ok: false, message: EMAIL_LOCAL_PART_MESSAGE };
  if (
    normalized
      .slice(at + 1)
      .split(".")
      .some((label) => label.length > 63)
  )
    return { ok: false, message: EMAIL_DOMAIN_MESSAGE };
  return { ok: true, normalized };
}

// Built once: the package's own lookup rebuilds its Set of thousands of domains on every call.
let disposable: Set<string> | null = null;

/**
 * Whether the address's domain, or a domain it is under ('x.mailinator.com'), is on the maintained
 * list of disposable-mail domains (disposable-email-domains-js, docs/decisions/023).
 */
export function isDisposableEmail(email: string): boolean {
  disposable ??= disposableEmailBlocklistSet();
  const normalized = normalizeEmail(email);
  const labels = normalized.slice(normalized.lastIndexOf("@") + 1).split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposable.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
