// The payment strings: /payment-success, /payment-cancel and the sandbox checkout, in the
// visitor's language like every page (decision 077); the spec's own Spanish wording is used where it
// gives one (product §2, §8).

const statusesEs = {
  pending_vendor: 'Pendiente de confirmación',
  awaiting_payment: 'Pendiente de pago',
  confirmed: 'Confirmada',
  paid: 'Pagada',
  declined: 'Rechazada',
  expired: 'Caducada',
  cancelled: 'Cancelada',
};

const detailsEs = {
  heading: 'Detalles de la reserva',
  code: 'Código',
  vendor: 'Proveedor',
  service: 'Servicio',
  when: 'Fecha y hora',
  amount: 'Importe',
  status: 'Estado',
  deadline: 'Pagar antes de',
};

export const paymentsEsMX: typeof paymentsEn = {
  details: detailsEs,
  statuses: statusesEs,
  home: 'Volver al inicio',
  booking: 'Ver mi reserva',
  notFoundTitle: 'Reserva no encontrada',
  success: {
    title: 'Pago exitoso',
    heading: '¡Pago recibido!',
    text: 'Tu reserva está confirmada. Te enviamos los detalles y una invitación de calendario por correo.',
    processingHeading: 'Confirmando tu pago…',
    processingText: 'Estamos esperando la confirmación del pago. Esta página se actualiza sola.',
    processingSlow:
      'La confirmación está tardando más de lo normal. Te avisaremos por correo en cuanto llegue.',
    notPaidHeading: 'Esta reserva no está pagada',
    notPaidText:
      'El plazo para pagar terminó y la reserva se canceló. Si se hizo un cargo, lo reembolsaremos.',
    missingSession: 'ID de sesión de pago no encontrado',
    notFoundText: 'No encontramos una reserva para este pago.',
    fetchError: 'Error al obtener los detalles de la reserva',
    loadError: 'Error al cargar los detalles',
    loading: 'Cargando los detalles de la reserva…',
    retry: 'Reintentar',
  },
  cancel: {
    title: 'Pago no completado',
    heading: 'El pago no se completó',
    text: 'Tu reserva sigue pendiente de pago.',
    window:
      'Paga antes de la hora límite que ves abajo; si no pagas a tiempo, la reserva se cancelará automáticamente.',
    retry: 'Reintentar pago',
    loading: 'Cargando tu reserva…',
    preparing:
      'Tu enlace de pago se está preparando. Intenta de nuevo en un minuto; también te lo enviaremos por correo.',
    closedHeading: 'El plazo de pago terminó',
    closedText:
      'Esta reserva ya no acepta pagos y se canceló automáticamente. No se hizo ningún cargo. Puedes volver a reservar con el proveedor.',
    paidHeading: 'Esta reserva ya está pagada',
    paidText: 'No necesitas hacer nada más.',
    notFoundText: 'No encontramos esta reserva. Revisa el enlace de tu correo.',
    loadError: 'Error al cargar los detalles',
  },
  sandbox: {
    title: 'Pago de prueba',
    badge: 'Entorno de pruebas',
    notice: 'Este es el pago de prueba de Barrio: no se hace ningún cargo real.',
    pay: 'Pagar {{amount}}',
    paying: 'Procesando el pago…',
    cancel: 'Cancelar',
    closedHeading: 'Esta sesión de pago ya no está disponible',
    closedText: 'La reserva ya no está pendiente de pago.',
    notFoundText: 'Sesión de pago no encontrada',
    error: 'No se pudo completar el pago',
    loading: 'Cargando el pago…',
  },
};

export const paymentsEn = {
  details: {
    heading: 'Booking details',
    code: 'Code',
    vendor: 'Vendor',
    service: 'Service',
    when: 'Date and time',
    amount: 'Amount',
    status: 'Status',
    deadline: 'Pay by',
  },
  statuses: {
    pending_vendor: 'Waiting for confirmation',
    awaiting_payment: 'Awaiting payment',
    confirmed: 'Confirmed',
    paid: 'Paid',
    declined: 'Declined',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  home: 'Back to home',
  booking: 'See my booking',
  notFoundTitle: 'Booking not found',
  success: {
    title: 'Payment successful',
    heading: 'Payment received!',
    text: 'Your booking is confirmed. We emailed you the details and a calendar invitation.',
    processingHeading: 'Confirming your payment…',
    processingText: 'We are waiting for the payment to be confirmed. This page updates by itself.',
    processingSlow: 'The confirmation is taking longer than usual. We will email you as soon as it arrives.',
    notPaidHeading: 'This booking is not paid',
    notPaidText:
      'The time to pay ended and the booking was cancelled. If you were charged, we will refund it.',
    missingSession: 'Payment session ID not found',
    notFoundText: 'We could not find a booking for this payment.',
    fetchError: 'Error fetching the booking details',
    loadError: 'Error loading the details',
    loading: 'Loading the booking details…',
    retry: 'Try again',
  },
  cancel: {
    title: 'Payment not completed',
    heading: 'The payment was not completed',
    text: 'Your booking is still awaiting payment.',
    window:
      'Pay before the deadline shown below; if you do not pay in time, the booking is cancelled automatically.',
    retry: 'Try the payment again',
    loading: 'Loading your booking…',
    preparing: 'Your payment link is being prepared. Try again in a minute; we will also email it to you.',
    closedHeading: 'The time to pay has ended',
    closedText:
      'This booking no longer takes payments and was cancelled automatically. Nothing was charged. You can book the vendor again.',
    paidHeading: 'This booking is already paid',
    paidText: 'There is nothing more to do.',
    notFoundText: 'We could not find this booking. Check the link in your email.',
    loadError: 'Error loading the details',
  },
  sandbox: {
    title: 'Test payment',
    badge: 'Test environment',
    notice: 'This is Barrio’s test payment: nothing is really charged.',
    pay: 'Pay {{amount}}',
    paying: 'Processing the payment…',
    cancel: 'Cancel',
    closedHeading: 'This payment session is no longer available',
    closedText: 'The booking is no longer awaiting payment.',
    notFoundText: 'Payment session not found',
    error: 'The payment could not be completed',
    loading: 'Loading the payment…',
  },
};
