import { categoryLabelsIn } from '../../shared/categories.ts';
import { discoveryEsMX } from './discovery.ts';
import type { Translations } from './en.ts';
import { jobsEsMX } from './jobs.ts';

// Mexican Spanish. The type makes a missing or extra key a compile error.
export const esMX: Translations = {
  discovery: discoveryEsMX,
  jobs: jobsEsMX,
  app: {
    name: 'Barrio',
    skipToContent: 'Saltar al contenido',
    notifications: 'Notificaciones',
    loading: 'Cargando…',
    checkingSession: 'Revisando tu sesión…',
  },
  phone: { country: 'Código de país', placeholder: '55 1234 5678' },
  nav: {
    label: 'Principal',
    vendors: 'Proveedores',
    jobs: 'Trabajos',
    admin: 'Admin',
  },
  legal: {
    label: 'Legal',
    cancellation: 'Política de cancelación',
    terms: 'Términos del servicio',
    privacy: 'Aviso de privacidad',
    bookingConsent:
      'Al solicitar aceptas la <cancellation>política de cancelación</cancellation>, los <terms>términos</terms> y el <privacy>aviso de privacidad</privacy>.',
    signupConsent:
      'Al registrarte aceptas los <terms>Términos</terms> y el <privacy>Aviso de privacidad</privacy>.',
    newTab: '(Los enlaces se abren en una pestaña nueva.)',
    readPrivacy: 'Lee nuestro aviso de privacidad',
  },
  language: {
    switchTo: 'English',
    switchToLabel: 'Change the language to English',
  },
  screens: {
    home: 'Encuentra Servicios',
    browseVendors: 'Explorar Proveedores',
    jobs: 'Historial de Trabajos',
    profile: 'Mi Perfil',
    settings: 'Configuración',
    whatsappTesting: 'Pruebas de WhatsApp',
    whatsappStatus: 'Estado de WhatsApp',
    auth: 'Iniciar Sesión',
    vendor: 'Proveedor',
    publicVendor: 'Perfil del Proveedor',
    directory: 'Todos los Proveedores',
    vendorAuth: 'Acceso para Proveedores',
    vendorSignup: 'Registro de Proveedor',
    vendorDashboard: 'Panel del Proveedor',
    vendorConfirm: 'Confirmación de Reserva',
    paymentSuccess: 'Pago Exitoso',
    paymentCancel: 'Pago No Completado',
    admin: 'Panel de Administración',
  },
  notFound: {
    code: '404',
    title: 'Página no encontrada',
    text: 'No encontramos la página que buscabas.',
    home: 'Ir al inicio',
  },
  routeError: {
    title: 'Algo salió mal',
    text: 'Recarga la página e inténtalo de nuevo.',
    reload: 'Recargar',
  },
  home: {
    subtitle: 'Profesionales locales de confianza en toda la Ciudad de México',
    profile: 'Mi Perfil',
    browseAllTitle: 'Ver todos los proveedores',
    browseAllText: 'Limpieza, entrenadores, tutores, cuidado de mascotas y más cerca de ti.',
  },
  search: {
    label: 'Buscar proveedores',
    placeholder: 'Busca servicios o proveedores',
    // Decision 024: shorter search text is not sent.
    tooShort: 'Escribe al menos {{min}} caracteres para buscar.',
    suggestions: {
      label: 'Sugerencias',
      categories: 'Categorías',
      colonias: 'Colonias',
      vendors: 'Proveedores',
    },
  },
  categories: {
    label: 'Categorías',
    all: 'Todas',
    // The labels of the one taxonomy (src/shared/categories.ts, decision 050).
    ...categoryLabelsIn('es'),
  },
  browse: {
    count_one: '{{count}} proveedor encontrado',
    count_other: '{{count}} proveedores encontrados',
    count_many: '{{count}} de proveedores encontrados',
    countCapped: 'Más de {{count}} proveedores encontrados',
    results: 'Proveedores',
    loading: 'Cargando proveedores…',
    loadMore: 'Cargar Más Proveedores',
    empty: 'No se encontraron proveedores',
    emptyHint: 'Prueba con otra búsqueda o categoría.',
    clearFilters: 'Borrar Filtros',
    errorTitle: 'Error',
    errorText: 'No se pudieron cargar los proveedores. Por favor inténtalo de nuevo.',
    retry: 'Reintentar',
  },
  vendorCard: {
    photoAlt: 'Foto de {{name}}',
    verified: 'Verificado',
    area: 'Zona',
    tags: 'Destacados',
    price: 'Precio',
    contactForPricing: 'Consultar precio',
    quickBook: 'Reserva Rápida',
    quickBookLabel: 'Reserva Rápida con {{name}}',
  },
};
