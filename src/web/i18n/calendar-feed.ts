// The vendor dashboard's Calendar sync (decision 091): the private link calendar apps subscribe to,
// and how to add it to Google Calendar, Apple Calendar and Outlook. es-MX must have the same shape
// (checked by its type).

export const calendarFeedEn = {
  title: 'Calendar sync',
  intro:
    'See your Barrio bookings in Google Calendar, Apple Calendar or Outlook: they subscribe to a private link and keep it up to date, new bookings, moves and cancellations included.',
  loadFailed: 'We couldn’t load your calendar link.',
  retry: 'Try again',
  none: 'You have no calendar link yet.',
  active: 'Your calendar link has worked since {{date}}.',
  notKept:
    'For your privacy we don’t keep the link itself, so we can’t show it again. If you lost it, create a new one: the old one stops working.',
  create: 'Create my calendar link',
  creating: 'Creating…',
  createFailed: 'We couldn’t create the link. Please try again.',
  replace: 'Create a new link',
  replaceTitle: 'Replace your calendar link?',
  replaceText:
    'The current link stops working at once: the calendars subscribed to it stop updating and you’ll need to add the new one.',
  replaceConfirm: 'Yes, create a new link',
  cancel: 'Cancel',
  newLinkLabel: 'Your calendar link',
  newLinkWarning:
    'Copy it now: it’s shown only this once. Anyone with it can see your bookings and your customers’ details, so don’t share it.',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Couldn’t copy: select the link and copy it.',
  openInApp: 'Open in Apple Calendar or Outlook',
  addToGoogle: 'Add to Google Calendar',
  howTo: 'How to add it',
  google: {
    title: 'Google Calendar',
    text: 'Choose “Add to Google Calendar” and confirm, best on a computer (Android’s calendar app can’t add a link itself). Or open calendar.google.com; next to “Other calendars” choose “+”, then “From URL”; paste the link and choose “Add calendar”. It shows on your phone too. Google checks for changes every few hours.',
  },
  apple: {
    title: 'Apple Calendar (iPhone, Mac)',
    text: 'On iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar; paste the link. On a Mac: in Calendar, File → New Calendar Subscription.',
  },
  outlook: {
    title: 'Outlook',
    text: 'In Outlook on the web or Outlook.com: Calendar → Add calendar → Subscribe from web; paste the link, give it a name and choose “Import”.',
  },
  readOnly: 'The calendar is read-only: answer, move or cancel bookings here in Barrio.',
};

export const calendarFeedEsMX: typeof calendarFeedEn = {
  title: 'Sincroniza tu calendario',
  intro:
    'Ve tus reservas de Barrio en Google Calendar, Calendario de Apple u Outlook: se suscriben a un enlace privado y lo mantienen al día, con las reservas nuevas, los cambios de horario y las cancelaciones.',
  loadFailed: 'No pudimos cargar tu enlace de calendario.',
  retry: 'Reintentar',
  none: 'Aún no tienes un enlace de calendario.',
  active: 'Tu enlace de calendario funciona desde el {{date}}.',
  notKept:
    'Por tu privacidad no guardamos el enlace, así que no podemos mostrarlo de nuevo. Si lo perdiste, crea uno nuevo: el anterior deja de funcionar.',
  create: 'Crear mi enlace de calendario',
  creating: 'Creando…',
  createFailed: 'No pudimos crear el enlace. Inténtalo de nuevo.',
  replace: 'Crear un enlace nuevo',
  replaceTitle: '¿Reemplazar tu enlace de calendario?',
  replaceText:
    'El enlace actual deja de funcionar de inmediato: los calendarios suscritos a él dejan de actualizarse y tendrás que agregar el nuevo.',
  replaceConfirm: 'Sí, crear un enlace nuevo',
  cancel: 'Cancelar',
  newLinkLabel: 'Tu enlace de calendario',
  newLinkWarning:
    'Cópialo ahora: solo se muestra esta vez. Quien lo tenga puede ver tus reservas y los datos de tus clientes, así que no lo compartas.',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar: selecciona el enlace y cópialo.',
  openInApp: 'Abrir en Calendario de Apple u Outlook',
  addToGoogle: 'Agregar a Google Calendar',
  howTo: 'Cómo agregarlo',
  google: {
    title: 'Google Calendar',
    text: 'Elige “Agregar a Google Calendar” y confirma, mejor en una computadora (la app de calendario de Android no puede agregar un enlace por sí sola). O abre calendar.google.com; junto a “Otros calendarios” elige “+” y luego “Desde URL”; pega el enlace y elige “Agregar calendario”. También aparece en tu celular. Google busca cambios cada pocas horas.',
  },
  apple: {
    title: 'Calendario de Apple (iPhone, Mac)',
    text: 'En iPhone: Configuración → Calendario → Cuentas → Agregar cuenta → Otra → Agregar calendario suscrito; pega el enlace. En Mac: en Calendario, Archivo → Nueva suscripción a calendario.',
  },
  outlook: {
    title: 'Outlook',
    text: 'En Outlook en la web u Outlook.com: Calendario → Agregar calendario → Suscribirse desde la web; pega el enlace, ponle un nombre y elige “Importar”.',
  },
  readOnly: 'El calendario es de solo lectura: responde, mueve o cancela tus reservas aquí en Barrio.',
};
