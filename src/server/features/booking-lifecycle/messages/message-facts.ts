import type { Language } from '../../../../shared/language.ts';
import type { BookingAddress, ServiceLocation } from '../../../../shared/service-location.ts';

// The facts every booking message is written from (booking-notifications.ts's mailFactsOf): one
// shape for the mails, the WhatsApp texts and the .ics, so that no text module needs another's.

export interface BookingMailFacts {
  code: string;
  /** The language the customer booked in (decision 072): every text to the customer speaks it. */
  language: Language;
  /** The vendor's account's language (decision 072): every text to the vendor speaks it. */
  vendorLanguage: Language;
  vendorName: string;
  serviceName: string;
  start: Date;
  timezone: string;
  amountMxn: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  notes: string | null;
  /** The customer's booking page with its token (decision 044): in every mail to them. */
  manageUrl: string;
  /**
   * The vendor's answer deadline (the earlier of 24 h after the request and the start),
   * stated in the request's own messages; absent elsewhere.
   */
  answerDueAt?: Date;
  /** Where the service is done; absent on bookings made before it was asked. */
  where: BookingWhere;
}

export interface BookingWhere {
  location: ServiceLocation | null;
  /** The customer's address, for a service done there. */
  address: BookingAddress | null;
  /** The vendor's address, for a service done there. */
  placeAddress: string | null;
}

export interface PaymentMailFacts extends BookingMailFacts {
  appointmentId: string;
  end: Date;
  vendorEmail: string | null;
  vendorPhone: string | null;
  /** How many times the booking was moved (appointments.reschedule_count): its calendar SEQUENCE. */
  rescheduleCount: number;
}
