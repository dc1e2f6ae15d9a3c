import { clsx } from 'clsx';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

// radix Tabs with our look: roving focus, arrow keys and the tab/tabpanel roles come from radix.

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      // One row of equal tabs unless the caller lays them out (`className`: its columns).
      className={clsx('grid gap-1 rounded-xl bg-stone-100 p-1', className ?? 'auto-cols-fr grid-flow-col')}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'tap-target h-10 rounded-lg text-sm font-semibold text-stone-700 transition-colors',
        'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
