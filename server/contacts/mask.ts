/** Masking for the public certificate page: enough to recognise a submission, not to contact anyone. */

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 4 ? `(***) ***-${digits.slice(-4)}` : "***";
}

export function maskName(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `${[...trimmed][0]}***` : "";
}

export function maskIp(ip: string): string {
  if (ip.includes(".")) {
    const v4 = ip.slice(ip.lastIndexOf(":") + 1).split(".");
    return v4.length === 4 ? `${v4.slice(0, 3).join(".")}.***` : "***";
  }
  const groups = ip.split(":").filter(Boolean);
  return groups.length >= 2 ? `${groups.slice(0, 2).join(":")}:****` : "***";
}

export function describeFreeText(text: string): string {
  const length = [...text].length;
  return `Provided (${length} character${length === 1 ? "" : "s"})`;
}
