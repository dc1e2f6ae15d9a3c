import type { PaymentMailFacts } from './message-facts.ts';

// The one booking the message tests write about: Casa Limpia's "Limpieza profunda" for Ana López,
// two hours from Wednesday 25 November 2026, 11:30 a.m. in Mexico City, at the vendor's place.

const START = new Date('2026-11-25T17:30:00Z'); // miércoles 25, 11:30 a.m.

export const sampleFacts: PaymentMailFacts = {
  appointmentId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  code: 'XK7P2M',
  language: 'es-MX',
  vendorLanguage: 'es-MX',
  vendorName: 'Casa Limpia',
  vendorEmail: 'hola@casalimpia.test',
  vendorPhone: '+525512345678',
  rescheduleCount: 0,
  serviceName: 'Limpieza profunda',
  start: START,
  end: new Date(START.getTime() + 2 * 60 * 60_000),
  timezone: 'America/Mexico_City',
  amountMxn: 45_000,
  customerName: 'Ana López',
  customerEmail: 'ana@example.test',
  customerPhone: '+525587654321',
  notes: 'Interior 4',
  manageUrl: 'http://barrio.test/booking/XK7P2M?token=t',
  where: { location: 'vendor', address: null, placeAddress: null },
};
