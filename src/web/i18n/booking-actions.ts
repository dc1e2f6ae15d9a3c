// The vendor's actions on a booking already agreed (decision 094), on the dashboard's bookings:
// cancel with a reason before the start; once it started, mark it completed or a no-show. es-MX
// must have the same shape (checked by its type).

export const bookingActionsEn = {
  cancel: 'Cancel booking',
  cancelLabel: 'Cancel booking {{code}}',
  cancelTitle: 'Cancel booking {{code}}?',
  cancelText:
    'We tell {{name}} by email and WhatsApp, with your reason. It counts against your completion rate on your profile.',
  cancelRefund: '{{name}} gets the full {{amount}} back, whatever your cancellation terms.',
  cancelFree: 'Nothing was charged, so there is nothing to refund.',
  reason: 'Why are you cancelling?',
  reasonHint: '{{name}} reads it. Up to 500 characters.',
  reasonRequired: 'Write the reason: the customer reads it.',
  back: 'Keep the booking',
  confirmCancel: 'Cancel booking',
  cancelling: 'Cancelling…',
  cancelled: 'Booking cancelled. We told the customer.',
  cancelFailed: 'We couldn’t cancel the booking.',
  close: 'Close',
  complete: 'Mark as completed',
  completeLabel: 'Mark booking {{code}} as completed',
  noShow: 'Customer did not come',
  noShowLabel: 'Booking {{code}}: the customer did not come',
  marked: 'Saved.',
  markFailed: 'We couldn’t save it.',
  outcome: {
    completed: 'Completed',
    no_show: 'The customer did not come',
  },
  cancelledBy: {
    vendor: 'You cancelled it',
    customer: 'The customer cancelled it',
    admin: 'Barrio cancelled it',
    payment_timeout: 'Cancelled: not paid in time',
  },
  reasonQuote: 'Reason: “{{note}}”',
};

export const bookingActionsEsMX: typeof bookingActionsEn = {
  cancel: 'Cancelar reserva',
  cancelLabel: 'Cancelar la reserva {{code}}',
  cancelTitle: '¿Cancelar la reserva {{code}}?',
  cancelText:
    'Le avisamos a {{name}} por correo y WhatsApp, con tu motivo. Cuenta en tu porcentaje de reservas cumplidas en tu perfil.',
  cancelRefund:
    '{{name}} recibe de vuelta los {{amount}} completos, sin importar tus condiciones de cancelación.',
  cancelFree: 'No se cobró nada, así que no hay nada que reembolsar.',
  reason: '¿Por qué cancelas?',
  reasonHint: '{{name}} lo leerá. Hasta 500 caracteres.',
  reasonRequired: 'Escribe el motivo: el cliente lo leerá.',
  back: 'Conservar la reserva',
  confirmCancel: 'Cancelar reserva',
  cancelling: 'Cancelando…',
  cancelled: 'Reserva cancelada. Le avisamos al cliente.',
  cancelFailed: 'No pudimos cancelar la reserva.',
  close: 'Cerrar',
  complete: 'Marcar como realizada',
  completeLabel: 'Marcar la reserva {{code}} como realizada',
  noShow: 'El cliente no llegó',
  noShowLabel: 'Reserva {{code}}: el cliente no llegó',
  marked: 'Guardado.',
  markFailed: 'No pudimos guardarlo.',
  outcome: {
    completed: 'Realizada',
    no_show: 'El cliente no llegó',
  },
  cancelledBy: {
    vendor: 'La cancelaste tú',
    customer: 'La canceló el cliente',
    admin: 'La canceló Barrio',
    payment_timeout: 'Cancelada: no se pagó a tiempo',
  },
  reasonQuote: 'Motivo: “{{note}}”',
};
