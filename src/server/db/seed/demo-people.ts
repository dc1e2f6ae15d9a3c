import type { CategoryKey } from '../../../shared/categories.ts';

// ARCHITECTURE §13: the three demo accounts, the customers who made the demo bookings, and customer
// profiles an admin entered by hand (user_id NULL, product §7). Data only.

/** The one password of every demo account (ARCHITECTURE §13). */
export const DEMO_PASSWORD = 'Barrio#2026demo';

export const demoAccounts = {
  admin: { email: 'admin@barrio.test', name: 'Administración Barrio' },
  vendor: {
    email: 'vendor@barrio.test',
    name: 'Lucía Ramírez Ortega',
    phone: '+525512345678',
    /** The named demo vendor this account owns (demo-vendors.ts). */
    businessName: 'Brillo Total Limpieza',
  },
  customer: {
    email: 'customer@barrio.test',
    name: 'Sofía Hernández',
    phone: '+525587654321',
    preferredCategories: ['cleaning', 'pets', 'fitness'] as CategoryKey[],
  },
} as const;

export interface DemoCustomer {
  name: string;
  phone: string | null;
  email: string;
}

/** People who requested bookings (the customers table). The demo account's row is added by the seed. */
export const demoCustomers: DemoCustomer[] = [
  { name: 'Carlos Mendoza Ruiz', phone: '+525511223344', email: 'carlos.mendoza@correo.example' },
  { name: 'Ana Paula Treviño', phone: '+525529384756', email: 'anapau.trevino@correo.example' },
  { name: 'Jorge Luis Ortega', phone: null, email: 'jl.ortega@correo.example' },
  { name: 'Mariana Ibáñez', phone: '+525566778899', email: 'mariana.ibanez@correo.example' },
  { name: 'Emily Johnson', phone: '+14155550123', email: 'emily.johnson@mail.example' },
  { name: 'Ricardo Salinas Vega', phone: '+525544332211', email: 'ricardo.salinas@correo.example' },
  { name: 'Fernanda Quintero', phone: '+525598765432', email: 'fer.quintero@correo.example' },
  { name: 'Hiroshi Sato', phone: '+525573829104', email: 'hiroshi.sato@mail.example' },
  { name: 'Lorena Castillo', phone: '+525530219485', email: 'lore.castillo@correo.example' },
  { name: 'Miguel Ángel Rosas', phone: '+525562718293', email: 'miguel.rosas@correo.example' },
  { name: 'Valentina Ruiz', phone: null, email: 'vale.ruiz@correo.example' },
  { name: 'Thomas Müller', phone: '+4915112345678', email: 'thomas.mueller@mail.example' },
  { name: 'Patricia Gómez Luna', phone: '+525581726354', email: 'paty.gomez@correo.example' },
  { name: 'Diego Armando Flores', phone: '+525547382910', email: 'diego.flores@correo.example' },
];

export interface DemoCustomerProfile {
  displayName: string;
  phone: string | null;
  email: string | null;
  preferredCategories: CategoryKey[];
}

/** Customer profiles an admin created (product §7): no account yet, user_id NULL until they sign up. */
export const demoCustomerProfiles: DemoCustomerProfile[] = [
  {
    displayName: 'Rosario Pérez',
    phone: '+525512309876',
    email: 'rosario.perez@correo.example',
    preferredCategories: ['cleaning', 'cooking'],
  },
  { displayName: 'Alberto Núñez', phone: '+525598712340', email: null, preferredCategories: ['repair'] },
  {
    displayName: 'Claudia Ramos',
    phone: null,
    email: 'claudia.ramos@correo.example',
    preferredCategories: ['beauty', 'wellness'],
  },
  {
    displayName: 'Mark Thompson',
    phone: '+12125550147',
    email: 'mark.thompson@mail.example',
    preferredCategories: ['tutoring', 'transportation'],
  },
  {
    displayName: 'Isabel Cervantes',
    phone: '+525543219870',
    email: 'isa.cervantes@correo.example',
    preferredCategories: ['childcare', 'tutoring'],
  },
  {
    displayName: 'Gustavo Herrera',
    phone: '+525576543210',
    email: 'gus.herrera@correo.example',
    preferredCategories: ['pets', 'plants'],
  },
  { displayName: 'Lucía Fernández', phone: '+525587612345', email: null, preferredCategories: ['fitness'] },
  {
    displayName: 'Yuki Watanabe',
    phone: '+525565432198',
    email: 'yuki.watanabe@mail.example',
    preferredCategories: ['tech', 'tailoring'],
  },
];
