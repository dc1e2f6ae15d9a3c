import { adminEsMX } from './admin.ts';
import { authEsMX } from './auth.ts';
import { bookingsEsMX } from './bookings.ts';
import { contactsEsMX } from './contacts.ts';
import { discoveryEsMX } from './discovery.ts';
import type { Translations } from './en.ts';
import { jobsEsMX } from './jobs.ts';
import { paymentsEsMX } from './payments.ts';
import { vendorEsMX } from './vendor.ts';
import { whatsappEsMX } from './whatsapp.ts';

// Mexican Spanish. The type makes a missing or extra key a compile error.
export const esMX: Translations = {
  discovery: discoveryEsMX,
  auth: authEsMX,
  bookings: bookingsEsMX,
  jobs: jobsEsMX,
  payments: paymentsEsMX,
  contacts: contactsEsMX,
  vendor: vendorEsMX,
  admin: adminEsMX,
  whatsapp: whatsappEsMX,
  app: {
    name: 'Barrio',
    skipToContent: 'Saltar al contenido',
    notifications: 'Notificaciones',
    loading: 'Cargando…',
  },
  nav: {
    label: 'Principal',
    vendors: 'Proveedores',
    jobs: 'Trabajos',
    admin: 'Admin',
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
  notice: {
    text: 'Esta parte de Barrio todavía no está disponible.',
    browse: 'Explorar proveedores',
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
  },
  categories: {
    label: 'Categorías',
    all: 'Todas',
    cleaning: 'Limpieza',
    fitness: 'Fitness',
    wellness: 'Bienestar',
    beauty: 'Belleza',
    tutoring: 'Tutorías',
    repair: 'Reparaciones',
    tailoring: 'Costura',
    pets: 'Mascotas',
    plants: 'Plantas',
    childcare: 'Cuidado infantil',
    transportation: 'Transporte',
    tech: 'Tecnología',
    cooking: 'Cocina',
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
