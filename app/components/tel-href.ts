/** A tel: link for a phone number as configured ("(800) 555-0100" -> "tel:8005550100"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
