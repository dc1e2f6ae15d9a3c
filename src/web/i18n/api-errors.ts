import type { ErrorCode, ErrorParams, ErrorReason } from '../../shared/api-errors.ts';
import type { Language } from '../../shared/language.ts';

// The server's refusals in the reader's words, keyed by the machine-readable names the server
// answers (shared/api-errors.ts): its `reason` when it gives one, else its `code`. The server's own
// message is English, for logs and API clients, and is never shown. The types make a name without
// a text, or a text without a language, a compile error; api-errors.test.ts walks them at run time.

type Texts = Record<Language, string>;

/** Each class of refusal, for a refusal with no reason of its own. */
export const errorCodeTexts: Record<ErrorCode, Texts> = {
  bad_request: {
    'es-MX': 'No pudimos procesar la solicitud. Revisa los datos e inténtalo de nuevo.',
    en: 'We could not process the request. Check the details and try again.',
  },
  validation_failed: {
    'es-MX': 'Revisa los datos del formulario e inténtalo de nuevo.',
    en: 'Check the form and try again.',
  },
  unauthorized: {
    'es-MX': 'Inicia sesión para continuar.',
    en: 'Please sign in to continue.',
  },
  forbidden: {
    'es-MX': 'No tienes permiso para hacer esto.',
    en: 'You are not allowed to do this.',
  },
  not_found: {
    'es-MX': 'No encontramos lo que buscas. Puede que ya no exista.',
    en: 'We could not find it. It may no longer exist.',
  },
  conflict: {
    'es-MX': 'Esto cambió mientras lo veías. Recarga la página e inténtalo de nuevo.',
    en: 'This changed while you were looking at it. Reload the page and try again.',
  },
  gone: {
    'es-MX': 'Este enlace ya no es válido.',
    en: 'This link is no longer valid.',
  },
  unprocessable: {
    'es-MX': 'Esto no se puede hacer todavía.',
    en: 'This cannot be done yet.',
  },
  payload_too_large: {
    'es-MX': 'Lo que enviaste es demasiado grande. Envía menos a la vez.',
    en: 'What you sent is too large. Send less at a time.',
  },
  unsupported_media_type: {
    'es-MX': 'No pudimos leer lo que enviaste.',
    en: 'We could not read what you sent.',
  },
  rate_limited: {
    'es-MX': 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  internal: {
    'es-MX': 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    en: 'Something went wrong on our side. Please try again.',
  },
  unavailable: {
    'es-MX': 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
    en: 'The service is not available right now. Please try again in a few minutes.',
  },
};

/** Each reason, with `{{name}}` for the values the server names in `params`. */
export const errorReasonTexts: Record<ErrorReason, Texts> = {
  sign_in_required: { 'es-MX': 'Inicia sesión primero.', en: 'Please sign in first.' },
  admin_only: {
    'es-MX': 'Esto requiere una cuenta de administrador.',
    en: 'This needs an administrator account.',
  },
  vendor_profile_required: {
    'es-MX': 'No tienes un perfil de proveedor. Regístrate como proveedor primero.',
    en: "You don't have a vendor profile. Please sign up as a vendor first.",
  },
  weak_password: {
    'es-MX': 'La contraseña no cumple con los requisitos de seguridad.',
    en: 'Password does not meet security requirements.',
  },
  magic_link_spent: {
    'es-MX': 'Este enlace ya se usó o caducó. Pide uno nuevo.',
    en: 'This link was already used or has expired. Ask for a new one.',
  },
  too_many_for_email: {
    'es-MX': 'Demasiados intentos con este correo. Espera 15 minutos e inténtalo de nuevo.',
    en: 'Too many attempts for this email. Please wait 15 minutes and try again.',
  },
  account_exists: {
    'es-MX': 'Ya existe una cuenta con este correo. Inicia sesión.',
    en: 'An account with this email already exists. Try signing in instead.',
  },
  already_vendor: {
    'es-MX': 'Esta cuenta ya tiene un perfil de proveedor. Inicia sesión.',
    en: 'This account already has a vendor profile. Log in instead.',
  },
  signup_fields_missing: {
    'es-MX': 'Completa todos los campos obligatorios antes de continuar.',
    en: 'Please fill in all required fields before continuing.',
  },
  current_password_wrong: {
    'es-MX': 'La contraseña actual no es correcta.',
    en: 'The current password is not correct.',
  },
  service_area_unknown: {
    'es-MX': '{{area}} no es una colonia ni una alcaldía de la Ciudad de México. Búscala en la lista.',
    en: '{{area}} is not a colonia or an alcaldía of Mexico City. Look it up in the list.',
  },
  vendor_not_found: {
    'es-MX': 'No encontramos a este proveedor.',
    en: 'We could not find this vendor.',
  },
  service_not_offered: {
    'es-MX': 'Este proveedor no ofrece ese servicio.',
    en: 'This vendor does not offer that service.',
  },
  service_inactive: {
    'es-MX': 'Este servicio ya no se ofrece.',
    en: 'This service is no longer offered.',
  },
  slot_taken: {
    'es-MX': 'Ese horario ya no está disponible. Elige otro.',
    en: 'That time is no longer available. Please pick another time.',
  },
  vendor_time_off: {
    'es-MX': 'El proveedor no trabaja en ese horario (día libre). Elige otro.',
    en: 'The vendor is not working at that time (time off). Please pick another time.',
  },
  time_off_not_found: {
    'es-MX': 'No encontramos ese día libre. Puede que ya lo hayas borrado.',
    en: 'We could not find that time off. You may have deleted it already.',
  },
  time_off_end_before_start: {
    'es-MX': 'El final debe ser después del inicio.',
    en: 'The end must be after the start.',
  },
  time_off_in_past: {
    'es-MX': 'Los días libres pueden empezar hoy o después, no antes.',
    en: 'Time off may start today or later, not before.',
  },
  time_off_too_long: {
    'es-MX': 'Los días libres pueden durar como máximo {{days}} días seguidos.',
    en: 'Time off may last at most {{days}} days at once.',
  },
  time_off_too_far: {
    'es-MX': 'Los días libres pueden empezar como máximo en {{days}} días.',
    en: 'Time off may start at most {{days}} days ahead.',
  },
  time_off_full: {
    'es-MX': 'Ya tienes {{max}} días libres por venir. Borra alguno antes de agregar otro.',
    en: 'You already have {{max}} upcoming time off. Delete one before adding another.',
  },
  time_off_covered: {
    'es-MX': 'Ya tienes días libres que cubren ese tiempo.',
    en: 'You already have time off covering that time.',
  },
  address_required: {
    'es-MX': 'Escribe la dirección donde se hará el servicio.',
    en: 'Please enter the address where the service is done.',
  },
  colonia_unknown: {
    'es-MX':
      '{{colonia}} no es una colonia de la Ciudad de México. Escribe tu código postal y elige tu colonia.',
    en: '{{colonia}} is not a colonia of Mexico City. Enter your postal code and choose your colonia.',
  },
  colonia_not_served: {
    'es-MX': 'Este proveedor no atiende {{colonia}}. Atiende: {{serves}}.',
    en: 'This vendor does not serve {{colonia}}. They serve: {{serves}}.',
  },
  postal_code_not_in_colonia: {
    'es-MX':
      'El código postal {{postal_code}} no es de {{colonia}}. Sus códigos postales: {{postal_codes}}. Revisa el código postal o elige otra colonia.',
    en: 'The postal code {{postal_code}} is not in {{colonia}}. Its postal codes: {{postal_codes}}. Check the postal code or choose another colonia.',
  },
  not_accepted: {
    'es-MX': 'Este proveedor no está aceptando solicitudes tuyas.',
    en: 'This vendor is not accepting requests from you.',
  },
  too_many_pending: {
    'es-MX':
      'Tienes demasiadas solicitudes pendientes. Espera la respuesta del proveedor antes de pedir otra.',
    en: 'You have too many pending requests. Wait for the vendor’s answer before requesting another.',
  },
  booking_not_found: {
    'es-MX': 'No encontramos esta reserva.',
    en: 'We could not find this booking.',
  },
  booking_changed: {
    'es-MX': 'Esta reserva acaba de cambiar. Recárgala para ver cómo quedó.',
    en: 'This booking has just changed. Reload it to see where it stands.',
  },
  change_too_late: {
    'es-MX': 'Ya es tarde para hacer este cambio en línea. Escríbele al proveedor.',
    en: 'It is too late to make this change online. Please message the vendor.',
  },
  booking_started: {
    'es-MX': 'Esta reserva ya empezó: márcala como realizada, o que el cliente no llegó.',
    en: 'This booking has already started: mark it completed, or that the customer did not come.',
  },
  booking_not_started: {
    'es-MX': 'Esta reserva todavía no empieza: podrás marcar cómo fue cuando empiece.',
    en: 'This booking has not started yet: you can mark how it went once it has.',
  },
  proposal_same_time: {
    'es-MX': 'La reserva ya es a esa hora: elige otra para proponer.',
    en: 'The booking is already at that time: pick another one to propose.',
  },
  booking_ended: {
    'es-MX': 'Esta reserva ya terminó: no hay nada que agregar al calendario.',
    en: 'This booking has ended: there is nothing to add to a calendar.',
  },
  confirm_link_invalid: {
    'es-MX': 'Este enlace de confirmación no es válido.',
    en: 'This confirmation link is not valid.',
  },
  confirm_link_expired: {
    'es-MX': 'Este enlace de confirmación caducó.',
    en: 'This confirmation link has expired.',
  },
  booking_already_processed: {
    'es-MX': 'Esta reserva ya fue procesada.',
    en: 'This booking was already processed.',
  },
  not_awaiting_payment: {
    'es-MX': 'Solo una reserva pendiente de pago tiene un enlace de pago.',
    en: 'Only a booking awaiting its payment has a payment link.',
  },
  payment_session_not_found: {
    'es-MX': 'No encontramos esta sesión de pago.',
    en: 'We could not find this payment session.',
  },
  payment_session_expired: {
    'es-MX': 'Esta sesión de pago ya expiró. La reserva no está pendiente de pago.',
    en: 'This payment session has expired. The booking is not awaiting payment.',
  },
  vendor_not_waiting_review: {
    'es-MX': 'Este proveedor no está esperando revisión.',
    en: 'This vendor is not waiting for a review.',
  },
  vendor_reviewed_by_other: {
    'es-MX': 'Otro administrador revisó a este proveedor primero. Recarga la lista.',
    en: 'Another admin reviewed this vendor first. Reload the queue.',
  },
  no_change_waiting: {
    'es-MX': 'Este proveedor no tiene cambios esperando revisión.',
    en: 'This vendor has no change waiting for review.',
  },
  change_decided_by_other: {
    'es-MX': 'El proveedor cambió esta solicitud u otro administrador decidió primero. Recarga.',
    en: 'The vendor changed this request or another admin decided first. Reload.',
  },
  no_claim_waiting: {
    'es-MX': 'Este proveedor no tiene una solicitud de reclamo esperando aprobación.',
    en: 'This vendor has no claim waiting for approval.',
  },
  vendor_has_active_bookings: {
    'es-MX': 'Este proveedor tiene reservas activas. Cancélalas o espera a que terminen.',
    en: 'This vendor has active bookings. Cancel or finish them first.',
  },
  vendor_has_earnings: {
    'es-MX': 'Este proveedor tiene ganancias registradas y no se puede eliminar.',
    en: 'This vendor has earnings on record and cannot be deleted.',
  },
  customer_not_found: {
    'es-MX': 'No encontramos a este cliente.',
    en: 'We could not find this customer.',
  },
  customer_email_taken: {
    'es-MX': 'Otro cliente ya tiene este correo.',
    en: 'Another customer already has this email.',
  },
  refund_not_owed: {
    'es-MX': 'No se debe un reembolso en esta reserva.',
    en: 'No refund is owed on this booking.',
  },
  already_refunded: {
    'es-MX': 'Esta reserva ya fue reembolsada.',
    en: 'This booking was already refunded.',
  },
  refund_no_payment: {
    'es-MX':
      'No hay un pago con checkout registrado para esta reserva: resuélvelo con el proveedor de pagos a mano.',
    en: 'No payment through a checkout is known for this booking: settle it with the provider by hand.',
  },
  refund_provider_failed: {
    'es-MX': 'El proveedor de pagos no hizo el reembolso. Inténtalo de nuevo más tarde.',
    en: 'The payment provider did not make the refund. Please try again later.',
  },
  window_not_found: {
    'es-MX': 'No encontramos este horario.',
    en: 'We could not find this availability window.',
  },
  window_out_of_calendar: {
    'es-MX': 'Elige una fecha de hoy a {{days}} días.',
    en: 'Pick a date from today to {{days}} days ahead.',
  },
  window_end_before_start: {
    'es-MX': 'El final debe ser después del inicio.',
    en: 'The end must be after the start.',
  },
  whatsapp_phone_invalid: {
    'es-MX': 'Escribe un número de teléfono válido con su código de país.',
    en: 'Enter a valid phone number with its country code.',
  },
  whatsapp_phone_missing: {
    'es-MX':
      'Escribe el número al que se enviará la notificación de prueba, o agrega un teléfono a tu perfil.',
    en: 'Enter the phone number to send the test notification to, or add a phone to your profile.',
  },
  whatsapp_not_pending: {
    'es-MX': 'Solo se puede notificar una reserva que espera la respuesta del proveedor.',
    en: 'Only a booking awaiting the vendor’s answer can be notified.',
  },
  whatsapp_vendor_no_phone: {
    'es-MX': 'Este proveedor no tiene número de WhatsApp.',
    en: 'This vendor has no WhatsApp number.',
  },
  photo_not_image: {
    'es-MX': 'Este archivo no es una foto que podamos usar. Sube una imagen JPEG, PNG, WebP o HEIC.',
    en: 'This file is not a photo we can use. Upload a JPEG, PNG, WebP or HEIC image.',
  },
  photo_corrupt: {
    'es-MX': 'La imagen está dañada y no se puede leer. Prueba con otra.',
    en: 'The image is damaged and cannot be read. Try another one.',
  },
  photo_too_many_pixels: {
    'es-MX': 'La imagen tiene demasiados píxeles (máximo 50 millones). Prueba con una más pequeña.',
    en: 'The image has too many pixels (at most 50 million). Try a smaller one.',
  },
  photo_too_large: {
    'es-MX': 'La foto pesa más de 10 MB. Elige una más ligera.',
    en: 'The photo is larger than 10 MB. Choose a smaller one.',
  },
  photo_busy: {
    'es-MX': 'Estamos procesando muchas fotos en este momento. Vuelve a intentarlo en un minuto.',
    en: 'We are processing many photos right now. Try again in a minute.',
  },
  portfolio_full: {
    'es-MX': 'Ya tienes {{max}} fotos en tu portafolio. Borra una para subir otra.',
    en: 'You already have {{max}} portfolio photos. Delete one to upload another.',
  },
  photo_service_unknown: {
    'es-MX': 'Ese servicio no es tuyo o ya no existe.',
    en: 'That service is not yours or no longer exists.',
  },
  photo_order_incomplete: {
    'es-MX': 'Tus fotos cambiaron mientras las ordenabas. Recarga la página e inténtalo de nuevo.',
    en: 'Your photos changed while you were ordering them. Reload the page and try again.',
  },
  photo_decided_by_other: {
    'es-MX': 'Otra persona ya revisó esta foto. Recarga la página.',
    en: 'Someone else already reviewed this photo. Reload the page.',
  },
  record_exists: {
    'es-MX': 'Esto ya existe.',
    en: 'This already exists.',
  },
  record_in_use: {
    'es-MX': 'Falta algo relacionado o todavía está en uso.',
    en: 'A related record is missing or still in use.',
  },
};

/** When the server could not be reached at all. */
export const networkErrorText: Texts = {
  'es-MX': 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  en: 'The server could not be reached. Check your connection and try again.',
};

/** `{{name}}` filled from the server's params; a missing one becomes empty, never the braces. */
export const fillParams = (text: string, params?: ErrorParams): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params?.[name] ?? '');
