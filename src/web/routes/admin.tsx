import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { adminTabs } from '../features/admin/admin-href.ts';
import { BookingsTab } from '../features/admin/components/bookings-tab.tsx';
import { CustomersTab } from '../features/admin/components/customers-tab.tsx';
import { ReviewTab } from '../features/admin/components/review-tab.tsx';
import { StatsCards } from '../features/admin/components/stats-cards.tsx';
import { VendorsTab } from '../features/admin/components/vendors-tab.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Admin dashboard (/admin, product §2): summary cards, then Vendors, Customers and Bookings. Behind
 * RequireAdmin; the server checks the role on every call as well (ARCHITECTURE §10).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.admin'));
  // The tab is in the address (/admin?tab=…, issue 25): the summary cards link to it, and a reload
  // keeps it. Choosing a tab drops the other tab's filters.
  const [params, setParams] = useSearchParams();
  const tab = adminTabs.find((name) => name === params.get('tab')) ?? 'vendors';
  return (
    <div className="flex flex-col gap-5 py-2">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.admin')}</h1>
      <StatsCards />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="flex flex-col gap-4"
      >
        {/* Two rows on a phone: "Proveedores" and its three neighbours do not fit one row at 390 px. */}
        <TabsList className="grid-cols-2 sm:grid-cols-4">
          <TabsTrigger value="vendors">{t('admin.tabs.vendors')}</TabsTrigger>
          <TabsTrigger value="review">{t('admin.tabs.review')}</TabsTrigger>
          <TabsTrigger value="customers">{t('admin.tabs.customers')}</TabsTrigger>
          <TabsTrigger value="bookings">{t('admin.tabs.bookings')}</TabsTrigger>
        </TabsList>
        <TabsContent value="vendors">
          <VendorsTab />
        </TabsContent>
        <TabsContent value="review">
          <ReviewTab />
        </TabsContent>
        <TabsContent value="customers">
          <CustomersTab />
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
