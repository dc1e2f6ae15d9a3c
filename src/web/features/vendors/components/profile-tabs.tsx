import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';

export const profileTabs = ['about', 'services', 'reviews'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** product §2: `?tab=` is about, services or reviews; anything else is the default, services. */
export function parseProfileTab(value: string | null): ProfileTab {
  return (profileTabs as readonly (string | null)[]).includes(value) ? (value as ProfileTab) : 'services';
}

export interface ProfileTabsProps {
  label: string;
  active: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
  tabs: Record<ProfileTab, { label: string; panel: ReactNode }>;
  tablistRef?: Ref<HTMLDivElement>;
}

/**
 * The WAI-ARIA tabs pattern, by hand (a few lines, no library in the profile's bundle): one tab in
 * the Tab order, arrows/Home/End move between tabs and select them (automatic activation), every
 * panel rendered so that each tab's aria-controls points at an element.
 */
export function ProfileTabs({ label, active, onSelect, tabs, tablistRef }: ProfileTabsProps) {
  const base = useId();
  const buttons = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent, from: ProfileTab) => {
    const index = profileTabs.indexOf(from);
    const last = profileTabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? profileTabs[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? profileTabs[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? profileTabs[0]
            : event.key === 'End'
              ? profileTabs[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    buttons.current[target]?.focus();
  };
  return (
    <div>
      <div
        ref={tablistRef}
        role="tablist"
        aria-label={label}
        className="flex scroll-mt-20 gap-1 rounded-xl bg-stone-100 p-1"
      >
        {profileTabs.map((key) => {
          const selected = key === active;
          return (
            <button
              key={key}
              ref={(element) => {
                buttons.current[key] = element;
              }}
              type="button"
              role="tab"
              data-tab={key}
              id={`${base}-tab-${key}`}
              aria-controls={`${base}-panel-${key}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={clsx(
                'tap-target h-10 flex-1 rounded-lg text-sm font-semibold transition-colors',
                selected ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-600 hover:text-stone-900',
              )}
              onClick={() => onSelect(key)}
              onKeyDown={(event) => move(event, key)}
            >
              {tabs[key].label}
            </button>
          );
        })}
      </div>
      {profileTabs.map((key) => (
        <div
          key={key}
          role="tabpanel"
          id={`${base}-panel-${key}`}
          aria-labelledby={`${base}-tab-${key}`}
          hidden={key !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel reachable
          tabIndex={0}
          className="pt-4 focus-visible:rounded-lg"
        >
          {tabs[key].panel}
        </div>
      ))}
    </div>
  );
}
