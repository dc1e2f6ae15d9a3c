/**
 * The wa.me link that opens a WhatsApp chat with a phone: its digits only, as wa.me wants them
 * (`+52 55 1234 5678` → `https://wa.me/525512345678`).
 */
export function whatsAppLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}
