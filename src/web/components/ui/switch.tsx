import { clsx } from 'clsx';
import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/** An on/off switch (radix: role="switch", keyboard and screen reader support). Label it by id. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={clsx(
        'tap-target inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors',
        'bg-stone-300 data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[1.375rem]" />
    </SwitchPrimitive.Root>
  );
}
