// What a viewer sees of a person until they reveal it (docs/decisions/028): enough to tell leads
// apart, not enough to contact anyone. Masking happens here, on the server: the page never receives
// what it does not show.

const initial = (name: string | null) => (name?.trim() ? `${name.trim()[0]!.toUpperCase()}***` : "");

export function maskName(first: string | null, last: string | null): string {
  return [initial(first), initial(last)].filter(Boolean).join(" ");
}

export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const [, domain] = email.split("@");
  return `${email[0]}***@${domain ?? "***"}`;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  const digits = phone.replace(/\D/g, "");
  return `***-***-${digits.slice(-2).padStart(2, "*")}`;
}

export function maskIp(ip: string | null): string | null {
  if (!ip) return ip;
  if (ip.includes(":")) return `${ip.split(":").slice(0, 2).join(":")}:***`;
  return ip.split(".").slice(0, 2).concat("***", "***").join(".");
}
