// Contacts and recommendations (product §1, §2, §4, §8 Contacts). product §8 messages are
// verbatim in English. es-MX must have the same shape (checked by the Translations type).

export const contactsEn = {
  card: {
    title: 'Recommendations from your contacts',
    text: 'See the vendors your friends and family know and have booked. Only fingerprints of phone numbers and emails are kept, never your contacts.',
    permissionLabel: 'Contact access',
    permission: {
      unknown: 'Not asked yet',
      granted: 'Granted',
      denied: 'Denied',
    },
    connect: 'Connect Contacts',
    connectAgain: 'Update contacts',
    processing: 'Processing contacts…',
    importVcf: 'Import a contacts file (.vcf)',
    importHint: 'Export your contacts as a vCard (.vcf) file from your phone or email and choose it here.',
    noPicker:
      'This browser cannot open your contacts directly. Import a .vcf file, or try Barrio with 2 sample contacts.',
    samplesTitle: 'Sample contacts',
    samplesBadge: 'Sample',
    samplesText: 'These are made-up example contacts, not people you know.',
    useSamples: 'Try with 2 sample contacts',
    deniedHint: 'You can allow access and try again, or import a .vcf file instead.',
    tryAgain: 'Try again',
  },
  // product §8 Contacts, verbatim
  messages: {
    permissionRequired: 'Permission Required',
    permissionRequiredText: 'Contact access is needed to find vendor recommendations',
    permissionError: 'Permission Error',
    noContacts: 'No Contacts Found',
    noContactsText: 'No contacts available to process',
    permissionDenied: 'Contact permission denied',
    notAuthenticated: 'User not authenticated',
    processingError: 'Error Processing Contacts',
    processed: 'Contacts Processed!',
    fetchFailed: 'Failed to fetch recommendations',
    // The per-account limits on contacts (decision 037)
    tooManyToday:
      'You can check up to 2,000 new phone numbers and emails a day. The contacts already checked are kept; update your contacts tomorrow for the rest.',
    tooManyRequests: 'Too many contact updates for now. Please try again in an hour.',
  },
  result_one: '{{count}} contact checked. {{recommendations}}',
  result_other: '{{count}} contacts checked. {{recommendations}}',
  result_many: '{{count}} contacts checked. {{recommendations}}',
  found_zero: 'No vendor recommendations yet.',
  found_one: '{{count}} vendor recommendation found.',
  found_other: '{{count}} vendor recommendations found.',
  found_many: '{{count}} vendor recommendations found.',
  unreadableFile: 'That file could not be read as a .vcf contacts file.',
  list: {
    title: 'Recommended for you',
    profileTitle: 'Recommended vendors',
    loading: 'Loading recommendations…',
    empty: 'No recommendations yet. Connect your contacts to see vendors your network trusts.',
    types: {
      in_contacts: 'In your contacts',
      booked_by_contact: 'Booked by your contacts',
    },
    /** A band such as "2+", never a count (decision 037). */
    bookedByBand: 'Booked by {{band}} of your contacts',
  },
  settings: {
    deleteTitle: 'Contacts data',
    deleteText: 'Removes the fingerprints of your contacts and the recommendations made from them.',
    share: 'Let my contacts see that I booked a vendor',
    shareHint:
      'People who have you in their contacts see "Booked by 2+ of your contacts" on vendors you booked, never your name.',
    delete: 'Delete my contacts data',
    deleting: 'Deleting…',
    deleted: 'Your contacts data was deleted',
    deleteFailed: 'Could not delete your contacts data',
    confirmTitle: 'Delete your contacts data?',
    confirmText:
      'Your recommendations from contacts disappear. You can connect your contacts again at any time.',
    confirm: 'Delete',
    cancel: 'Cancel',
  },
};

export const contactsEsMX: typeof contactsEn = {
  card: {
    title: 'Recomendaciones de tus contactos',
    text: 'Descubre los proveedores que tus amigos y familiares conocen y han contratado. Solo guardamos huellas de los teléfonos y correos, nunca tus contactos.',
    permissionLabel: 'Acceso a contactos',
    permission: {
      unknown: 'Aún no solicitado',
      granted: 'Concedido',
      denied: 'Denegado',
    },
    connect: 'Conectar contactos',
    connectAgain: 'Actualizar contactos',
    processing: 'Procesando contactos…',
    importVcf: 'Importar un archivo de contactos (.vcf)',
    importHint: 'Exporta tus contactos como archivo vCard (.vcf) desde tu teléfono o correo y elígelo aquí.',
    noPicker:
      'Este navegador no puede abrir tus contactos directamente. Importa un archivo .vcf o prueba Barrio con 2 contactos de ejemplo.',
    samplesTitle: 'Contactos de ejemplo',
    samplesBadge: 'Ejemplo',
    samplesText: 'Son contactos inventados de ejemplo, no personas que conozcas.',
    useSamples: 'Probar con 2 contactos de ejemplo',
    deniedHint: 'Puedes permitir el acceso e intentarlo de nuevo, o importar un archivo .vcf.',
    tryAgain: 'Intentar de nuevo',
  },
  messages: {
    permissionRequired: 'Permiso requerido',
    permissionRequiredText:
      'Se necesita acceso a los contactos para encontrar recomendaciones de proveedores',
    permissionError: 'Error de permiso',
    noContacts: 'No se encontraron contactos',
    noContactsText: 'No hay contactos para procesar',
    permissionDenied: 'Permiso de contactos denegado',
    notAuthenticated: 'Usuario no autenticado',
    processingError: 'Error al procesar los contactos',
    processed: '¡Contactos procesados!',
    fetchFailed: 'No se pudieron cargar las recomendaciones',
    tooManyToday:
      'Puedes revisar hasta 2,000 teléfonos y correos nuevos al día. Los contactos ya revisados se guardan; actualiza tus contactos mañana para revisar el resto.',
    tooManyRequests: 'Demasiadas actualizaciones de contactos por ahora. Intenta de nuevo en una hora.',
  },
  result_one: '{{count}} contacto revisado. {{recommendations}}',
  result_other: '{{count}} contactos revisados. {{recommendations}}',
  result_many: '{{count}} contactos revisados. {{recommendations}}',
  found_zero: 'Aún no hay recomendaciones de proveedores.',
  found_one: '{{count}} recomendación de proveedor encontrada.',
  found_other: '{{count}} recomendaciones de proveedores encontradas.',
  found_many: '{{count}} recomendaciones de proveedores encontradas.',
  unreadableFile: 'No se pudo leer ese archivo como archivo de contactos .vcf.',
  list: {
    title: 'Recomendados para ti',
    profileTitle: 'Proveedores recomendados',
    loading: 'Cargando recomendaciones…',
    empty: 'Aún no hay recomendaciones. Conecta tus contactos para ver proveedores de confianza de tu red.',
    types: {
      in_contacts: 'En tus contactos',
      booked_by_contact: 'Reservado por tus contactos',
    },
    bookedByBand: 'Reservado por {{band}} de tus contactos',
  },
  settings: {
    deleteTitle: 'Datos de contactos',
    deleteText: 'Elimina las huellas de tus contactos y las recomendaciones creadas con ellas.',
    share: 'Mostrar a mis contactos que reservé con un proveedor',
    shareHint:
      'Quienes te tienen en sus contactos ven «Reservado por 2+ de tus contactos» en los proveedores que reservaste, nunca tu nombre.',
    delete: 'Eliminar mis datos de contactos',
    deleting: 'Eliminando…',
    deleted: 'Se eliminaron tus datos de contactos',
    deleteFailed: 'No se pudieron eliminar tus datos de contactos',
    confirmTitle: '¿Eliminar tus datos de contactos?',
    confirmText:
      'Tus recomendaciones de contactos desaparecerán. Puedes volver a conectar tus contactos cuando quieras.',
    confirm: 'Eliminar',
    cancel: 'Cancelar',
  },
};
