// The payment strings: /payment-success, /payment-cancel and the sandbox checkout. The
// customer-facing payment pages are always Spanish (product §1), so the strings are the same in both
// languages; the spec's own wording is used where it gives one (product §2, §8).

const statuses = {
  pending_vendor: 'Pendiente de confirmación',
  awaiting_payment: 'Pendiente de pago',
  confirmed: 'Confirmada',
  paid: 'Pagada',
  declined: 'Rechazada',
  expired: 'Caducada',
  cancelled: 'Cancelada',
};

const details = {
  heading: 'Detalles de la reserva',
  code: 'Código',
  vendor: 'Proveedor',
  service: 'Servicio',
  when: 'Fecha y hora',
  amount: 'Importe',
  status: 'Estado',
  deadline: 'Pagar antes de',
};

const payments = {
  details,
  statuses,
  home: 'Volver al inicio',
  booking: 'Ver mi reserva',
  notFoundTitle: 'Reserva No Encontrada',
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
      'Tienes 24 horas desde la confirmación del proveedor para pagar; si no pagas a tiempo, la reserva se cancelará automáticamente.',
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

export const paymentsEn = payments;
export const paymentsEsMX = payments;
