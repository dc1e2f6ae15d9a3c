import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { type AdminTab, adminTabs } from '../features/admin/admin-href.ts';
import { BookingsTab } from '../features/admin/components/bookings-tab.tsx';
import { CustomersTab } from '../features/admin/components/customers-tab.tsx';
import { PayoutsTab } from '../features/admin/components/payouts-tab.tsx';
import { PhotosTab } from '../features/admin/components/photos-tab.tsx';
import { ReviewTab } from '../features/admin/components/review-tab.tsx';
import { ReviewsTab } from '../features/admin/components/reviews-tab.tsx';
import { StatsCards } from '../features/admin/components/stats-cards.tsx';
import { VendorsTab } from '../features/admin/components/vendors-tab.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** What each tab shows. */
const tabContents: Record<AdminTab, () => ReactNode> = {
  vendors: VendorsTab,
  review: ReviewTab,
  photos: PhotosTab,
  customers: CustomersTab,
  bookings: BookingsTab,
  payouts: PayoutsTab,
  reviews: ReviewsTab,
};

/**
 * Admin dashboard (/admin, product §2): summary cards, then Vendors, Review, Photos, Customers,
 * Bookings, Payouts and Reviews. Behind RequireAdmin; the server checks the role on every call as well (ARCHITECTURE §10).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.admin'));
  // The tab is in the address (/admin?tab=…): the summary cards link to it, and a reload
  // keeps it. Choosing a tab drops the other tab's filters.
  const [params, setParams] = useSearchParams();
  const tab = adminTabs.find((name) => name === params.get('tab')) ?? 'vendors';
  return (
    <div className="flex flex-col gap-5 py-2">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.admin')}</h1>
      <StatsCards />
      <AdminTools />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="flex flex-col gap-4"
      >
        {/* Rows of three, the last tab across the third row: "Proveedores" and its six neighbours fit
            no single row of the layout (at most 448 px wide), nor rows of four at 390 px. */}
        <TabsList className="grid-cols-3 [&>:last-child]:col-span-3">
          {adminTabs.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`admin.tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminTabs.map((name) => {
          const Content = tabContents[name];
          return (
            <TabsContent key={name} value={name}>
              <Content />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}

/** The admin's pages outside the dashboard: no menu reaches them otherwise. */
function AdminTools() {
  const { t } = useTranslation();
  const links = [
    { to: paths.whatsappTesting.to(), label: t('screens.whatsappTesting') },
    { to: paths.whatsappStatus.to(), label: t('screens.whatsappStatus') },
    { to: paths.directory.to(), label: t('screens.directory') },
  ];
  return (
    <nav aria-label={t('admin.tools.label')}>
      <ul className="flex flex-wrap gap-2">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link
              to={to}
              className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-medium text-stone-700 hover:bg-stone-50"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
